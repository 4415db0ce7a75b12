import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { ManageLabOwner, WorkshopDetail } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny, success } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// Item 2 of issue 16: the server steps a workshop 1→5→0, but no screen offered it (ADR 0025).

const ID = '11111111-1111-4111-8111-111111111111';
let status: 0 | 1 | 5 = 1;

const row = (): ManageLabOwner => ({
  id: ID,
  fName: 'آزمایشگاه زرین',
  fullName: 'علی',
  userName: 'zarin',
  code: 1001,
  status,
  cellPhone: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00Z',
});
const detail = (): WorkshopDetail => ({
  id: ID,
  userId: ID,
  fName: 'آزمایشگاه زرین',
  fullName: 'علی',
  cellPhone: null,
  phone: null,
  rejeCode: null,
  address: null,
  userName: 'zarin',
  isPublicUser: false,
  isLabOwner: true,
  status,
  code: 1001,
  file: null,
});

let actives: Calls;
const activeCalls = () => actives.bodies;

beforeEach(() => {
  status = 1;
  handleAny(null);
  actives = handle(ROUTES.manage.activeUser, ({ body }) => {
    const { active } = body as { active: boolean };
    status = active ? (status === 0 ? 5 : 1) : status === 1 ? 5 : 0;
    return success({ status }, status === 5 ? 'آزمایشگاه غیرفعال شد' : 'آزمایشگاه به وضعیت جدید برگشت');
  });
  handle(ROUTES.manage.labOwners, () => ({ list: [row()], totalCount: 1, currPage: 1, pageSize: 100 }));
  handle(ROUTES.manage.userById, () => [detail()]);
  signInAs('admin');
});

describe('suspending a workshop from the list', () => {
  it(
    'an active lab: «تعلیق» names the effect (no numbers, no packets) and steps it to 5',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderApp('/manage/lab-owners');
      await user.click(await screen.findByRole('button', { name: 'تعلیق آزمایشگاه زرین' }));
      const dialog = await screen.findByRole('dialog', { name: 'تعلیق آزمایشگاه' });
      expect(dialog).toHaveTextContent('نمی‌تواند شماره بسته بخرد یا بسته ثبت کند');
      await user.click(within(dialog).getByRole('button', { name: 'تعلیق' }));
      await waitFor(() => expect(activeCalls()).toEqual([{ userId: ID, active: false, fromStatus: 1 }]));
      expect(await screen.findByText('آزمایشگاه غیرفعال شد')).toBeInTheDocument();
      // The list is read again and shows the new state.
      expect(await screen.findByText('آزمایشگاه غیرفعال')).toBeInTheDocument();
    },
  );

  it(
    'an inactive lab: «تعلیق ورود» says it can no longer sign in; «انصراف» sends nothing',
    { timeout: 20_000 },
    async () => {
      status = 5;
      const user = userEvent.setup();
      renderApp('/manage/lab-owners');
      await user.click(await screen.findByRole('button', { name: 'تعلیق ورود آزمایشگاه زرین' }));
      let dialog = await screen.findByRole('dialog', { name: 'تعلیق ورود آزمایشگاه' });
      expect(dialog).toHaveTextContent('دیگر نمی‌تواند وارد شود و همه نشست‌های باز آن همین حالا بسته می‌شود');
      await user.click(within(dialog).getByRole('button', { name: 'انصراف' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(activeCalls()).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'تعلیق ورود آزمایشگاه زرین' }));
      dialog = await screen.findByRole('dialog', { name: 'تعلیق ورود آزمایشگاه' });
      await user.click(within(dialog).getByRole('button', { name: 'تعلیق ورود' }));
      await waitFor(() => expect(activeCalls()).toEqual([{ userId: ID, active: false, fromStatus: 5 }]));
    },
  );
});

describe('the workshop edit page', () => {
  it('says what the lab can do now, and suspends it step by step', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderApp(`/manage/edit-user/${ID}/${encodeURIComponent('آزمایشگاه زرین')}`);
    const words = await screen.findByTestId('status-in-words');
    expect(words).toHaveTextContent('وارد می‌شود، شماره بسته می‌خرد و بسته ثبت می‌کند.');

    await user.click(screen.getByRole('button', { name: 'تعلیق: توقف خرید شماره و ثبت بسته' }));
    let dialog = await screen.findByRole('dialog', { name: 'تعلیق آزمایشگاه' });
    await user.click(within(dialog).getByRole('button', { name: 'تعلیق' }));
    await waitFor(() =>
      expect(screen.getByTestId('status-in-words')).toHaveTextContent(
        'نمی‌تواند شماره بسته بخرد یا بسته ثبت کند',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'تعلیق ورود' }));
    dialog = await screen.findByRole('dialog', { name: 'تعلیق ورود آزمایشگاه' });
    await user.click(within(dialog).getByRole('button', { name: 'تعلیق ورود' }));
    await waitFor(() =>
      expect(screen.getByTestId('status-in-words')).toHaveTextContent('نمی‌تواند وارد شود'),
    );
    expect(activeCalls()).toEqual([
      { userId: ID, active: false, fromStatus: 1 },
      { userId: ID, active: false, fromStatus: 5 },
    ]);
    // From 0 the only step is back up.
    await waitFor(() => expect(screen.queryByRole('button', { name: /تعلیق/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'فعال‌سازی (اجازه ورود)' })).toBeInTheDocument();
  });
});

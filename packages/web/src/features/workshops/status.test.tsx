import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, WORKSHOP_MSG } from '@ayar/contract';
import type { ManageLabOwner, WorkshopDetail, WorkshopStatus } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny, success } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// A lab's state in one step each way, and a suspended lab that looks suspended (ADR 0044).

const ID = '11111111-1111-4111-8111-111111111111';
let status: WorkshopStatus = 1;
/** More rows of the list besides the one the tests change, each in another state. */
let others: ManageLabOwner[] = [];

const row = (over: Partial<ManageLabOwner> = {}): ManageLabOwner => ({
  id: ID,
  fName: 'آزمایشگاه زرین',
  fullName: 'علی',
  userName: 'zarin',
  code: 1001,
  status,
  cellPhone: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
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
  others = [];
  handleAny(null);
  // The server's rule: activation 0/5/9 → 1, suspension 1/5 → 9.
  actives = handle(ROUTES.manage.activeUser, ({ body }) => {
    const { active } = body as { active: boolean };
    status = active ? 1 : 9;
    return success({ status }, active ? WORKSHOP_MSG.activated : WORKSHOP_MSG.suspended);
  });
  handle(ROUTES.manage.labOwners, () => {
    const list = [row(), ...others];
    return { list, totalCount: list.length, currPage: 1, pageSize: 100 };
  });
  handle(ROUTES.manage.userById, () => [detail()]);
  signInAs('admin');
});

/** The list's item (a card at this width) of the lab named so. */
const itemOf = async (name: string) =>
  (await screen.findByRole('link', { name: `ویرایش ${name}` })).closest('li')!;
const badgeOf = (r: HTMLElement, label: string) => within(r).getByText(label).closest('[data-status]')!;

describe('the list: each state its own label and colour', () => {
  it('new, inactive, active and suspended rows read and look different', { timeout: 20_000 }, async () => {
    others = ([0, 5, 9] as const).map((s, i) =>
      row({ id: `2222222${i}-1111-4111-8111-111111111111`, fName: `آزمایشگاه ${i}`, status: s }),
    );
    renderApp('/manage/lab-owners');
    await screen.findByRole('link', { name: 'ویرایش آزمایشگاه 2' });
    const rows = screen.getAllByRole('listitem');
    const byStatus = new Map(rows.map((r) => [r.getAttribute('data-status'), r]));
    const expected: [string, string, string][] = [
      ['1', 'آزمایشگاه فعال', 'green'],
      ['0', 'جدید', 'blue'],
      ['5', 'آزمایشگاه غیرفعال', 'yellow'],
      ['9', 'تعلیق‌شده', 'red'],
    ];
    for (const [code, label, color] of expected) {
      const r = byStatus.get(code)!;
      expect(r).toBeDefined();
      expect(badgeOf(r, label).getAttribute('style')).toContain(`--mantine-color-${color}`);
    }
    // A suspended row is never coloured like a new one.
    expect(byStatus.get('9')!.getAttribute('style')).toContain('red');
    expect(byStatus.get('0')!.getAttribute('style')).toContain('blue');
    expect(within(byStatus.get('9')!).queryByText('جدید')).not.toBeInTheDocument();
    // Only a suspended lab is offered re-activation; only new, inactive and suspended labs are offered it.
    expect(within(byStatus.get('9')!).getByRole('button', { name: 'فعال‌سازی دوباره' })).toBeInTheDocument();
    expect(within(byStatus.get('0')!).getByRole('button', { name: 'فعال‌سازی' })).toBeInTheDocument();
    expect(within(byStatus.get('1')!).queryByRole('button', { name: /فعال‌سازی/ })).not.toBeInTheDocument();
  });

  it('filters the suspended labs by their own status', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const lists = handle(ROUTES.manage.labOwners, () => ({
      list: [row()],
      totalCount: 1,
      currPage: 1,
      pageSize: 100,
    }));
    renderApp('/manage/lab-owners');
    await screen.findByText('آزمایشگاه زرین');
    await user.click(screen.getByRole('button', { name: /^فیلتر/ }));
    await user.click(await screen.findByRole('combobox', { name: 'وضعیت', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'تعلیق‌شده', hidden: true }));
    await waitFor(() => expect(lists.last?.url.searchParams.get('status')).toBe('9'));
  });
});

describe('one step each way', () => {
  it(
    'suspends an active lab in one step, saying it ends its sessions; then offers re-activation',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      renderApp('/manage/lab-owners');
      await user.click(await screen.findByRole('button', { name: 'تعلیق آزمایشگاه زرین' }));
      const dialog = await screen.findByRole('dialog', { name: 'تعلیق آزمایشگاه' });
      expect(dialog).toHaveTextContent('دیگر نمی‌تواند وارد شود، شماره بسته بخرد یا بسته ثبت کند');
      expect(dialog).toHaveTextContent('همه نشست‌های باز آن همین حالا بسته می‌شود');
      await user.click(within(dialog).getByRole('button', { name: 'تعلیق' }));
      await waitFor(() => expect(activeCalls()).toEqual([{ userId: ID, active: false, fromStatus: 1 }]));
      expect(await screen.findByText(WORKSHOP_MSG.suspended)).toBeInTheDocument();
      const suspended = await itemOf('آزمایشگاه زرین');
      await waitFor(() => expect(suspended).toHaveAttribute('data-status', '9'));
      expect(within(suspended).getByText('تعلیق‌شده')).toBeInTheDocument();
      expect(within(suspended).queryByRole('button', { name: /تعلیق/ })).not.toBeInTheDocument();

      await user.click(within(suspended).getByRole('button', { name: 'فعال‌سازی دوباره' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
      await waitFor(() => expect(activeCalls()).toHaveLength(2));
      expect(activeCalls()[1]).toEqual({ userId: ID, active: true, fromStatus: 9 });
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'ویرایش آزمایشگاه زرین' }).closest('li')).toHaveAttribute(
          'data-status',
          '1',
        ),
      );
    },
  );

  it(
    'activates a new lab in one step: afterwards it is active, with nothing left to convert',
    { timeout: 20_000 },
    async () => {
      status = 0;
      const user = userEvent.setup();
      renderApp('/manage/lab-owners');
      await user.click(await screen.findByRole('button', { name: 'فعال‌سازی' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('می‌تواند وارد شود، شماره بسته بخرد و بسته ثبت کند');
      await user.click(within(dialog).getByRole('button', { name: 'بله' }));
      expect(await screen.findByText(WORKSHOP_MSG.activated)).toBeInTheDocument();
      const r = await itemOf('آزمایشگاه زرین');
      await waitFor(() => expect(within(r).getByText('آزمایشگاه فعال')).toBeInTheDocument());
      expect(within(r).queryByRole('button', { name: /فعال‌سازی|تبدیل/ })).not.toBeInTheDocument();
      expect(activeCalls()).toEqual([{ userId: ID, active: true, fromStatus: 0 }]);
    },
  );
});

describe('the workshop edit page', () => {
  it('says a suspended lab is suspended and re-activates it in one step', { timeout: 20_000 }, async () => {
    status = 9;
    const user = userEvent.setup();
    renderApp(`/manage/edit-user/${ID}/${encodeURIComponent('آزمایشگاه زرین')}`);
    const words = await screen.findByTestId('status-in-words');
    expect(words).toHaveTextContent('تعلیق شده است: نمی‌تواند وارد شود');
    expect(screen.getByText('تعلیق‌شده')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^تعلیق/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'فعال‌سازی دوباره: ورود، خرید شماره و ثبت بسته' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بله' }));
    await waitFor(() =>
      expect(screen.getByTestId('status-in-words')).toHaveTextContent(
        'وارد می‌شود، شماره بسته می‌خرد و بسته ثبت می‌کند.',
      ),
    );
    expect(activeCalls()).toEqual([{ userId: ID, active: true, fromStatus: 9 }]);
    // From active, the one step down is the suspension.
    expect(screen.getByRole('button', { name: 'تعلیق: توقف ورود و بستن همه نشست‌ها' })).toBeInTheDocument();
  });
});

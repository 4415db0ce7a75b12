import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSAY_MSG, ROUTES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { LAB_SETTINGS, labRow } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { signInAsStaff } from '../../test/session.ts';

// ADR 0050: «در انتظار تأیید», where a purity one person recorded waits for another's «تأیید» or
// «برگشت» (with its reason); one's own are shown, never offered.

const others = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000011',
  docNumber: 1001,
  pendingCutting: 750,
  pendingBy: 'رضا احمدی',
  pendingById: 's2',
});
const correction = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000012',
  docNumber: 1002,
  waitFor: false,
  cutting: 740,
  resultVersion: 1,
  pendingCutting: 745,
  pendingBy: 'رضا احمدی',
  pendingById: 's2',
  pendingReason: 'خطای خواندن ترازو',
});
const mine = labRow({
  id: 'a1a1a1a1-0000-4000-8000-000000000013',
  docNumber: 1003,
  pendingCutting: 820,
  pendingBy: 'زهرا کریمی',
  // The signed-in assayer (test/session.ts's staff member s1).
  pendingById: 's1',
});

let rows: LabListRow[];
let verifies: Calls;
let queue: Calls;
beforeEach(() => {
  rows = [others, correction, mine];
  queue = handle(ROUTES.tests.allTests, () => ({
    list: rows,
    totalCount: rows.length,
    currPage: 1,
    pageSize: 100,
  }));
  verifies = handle(ROUTES.tests.verifyCutting, { verified: 1, returned: 0 }, { message: 'عیار تأیید شد' });
  // زهرا کریمی, an assayer (test/session.ts).
  signInAsStaff(['assayer'], { settings: LAB_SETTINGS });
});

// jsdom is a phone: each purity is a card named by its packet.
const rowOf = (n: string) => screen.findByRole('article', { name: `بسته ${n}` });

describe('lab/verify', () => {
  it('lists the waiting purities: number, customer, the purity (and the one it corrects), who, why', async () => {
    renderApp('/lab/verify');
    const first = await rowOf('۱۰۰۱');
    expect(first).toHaveTextContent('حسن طلافروش');
    expect(first).toHaveTextContent('۷۵۰');
    expect(first).toHaveTextContent('ثبت عیار: رضا احمدی');
    const second = await rowOf('۱۰۰۲');
    expect(second).toHaveTextContent('۷۴۰ ← ۷۴۵');
    expect(second).toHaveTextContent('علت اصلاح: خطای خواندن ترازو');
    expect(queue.last?.url.searchParams.get('awaitingVerification')).toBe('true');
  });

  it('accepts one, shows the server’s message and reads the queue again', async () => {
    const user = userEvent.setup();
    renderApp('/lab/verify');
    await user.click(await screen.findByRole('button', { name: 'تأیید عیار بسته ۱۰۰۱' }));
    await waitFor(() => expect(verifies).toHaveLength(1));
    expect(verifies.bodies[0]).toEqual([{ id: others.id, accept: true }]);
    expect(await screen.findByText('عیار تأیید شد')).toBeInTheDocument();
    await waitFor(() => expect(queue.length).toBeGreaterThan(1));
  });

  it('sends one back only with a reason, typed inline', async () => {
    const user = userEvent.setup();
    renderApp('/lab/verify');
    await user.click(await screen.findByRole('button', { name: 'برگشت عیار بسته ۱۰۰۱' }));
    const reason = screen.getByLabelText('علت برگشت بسته ۱۰۰۱');
    await waitFor(() => expect(reason).toHaveFocus());
    // Without a reason: said under the field, nothing sent.
    await user.keyboard('{Enter}');
    expect(await screen.findByText(ASSAY_MSG.returnReasonRequired)).toBeInTheDocument();
    expect(verifies).toHaveLength(0);

    await user.type(reason, 'وزن نمونه با برگه نمی‌خواند{Enter}');
    await waitFor(() => expect(verifies).toHaveLength(1));
    expect(verifies.bodies[0]).toEqual([
      { id: others.id, accept: false, reason: 'وزن نمونه با برگه نمی‌خواند' },
    ]);
  });

  it('shows one’s own purities with their buttons disabled and «عیار خودتان»', async () => {
    renderApp('/lab/verify');
    const own = await rowOf('۱۰۰۳');
    expect(within(own).getByRole('button', { name: 'تأیید عیار بسته ۱۰۰۳' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'برگشت عیار بسته ۱۰۰۳' })).toBeDisabled();
    expect(within(own).getByRole('checkbox', { name: 'انتخاب بسته ۱۰۰۳' })).toBeDisabled();
    expect(own).toHaveTextContent('عیار خودتان');
  });

  it('accepts the ticked ones together, never one’s own', async () => {
    const user = userEvent.setup();
    renderApp('/lab/verify');
    const bulk = await screen.findByRole('button', { name: /^تأیید همه موارد انتخاب‌شده/ });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'انتخاب همه' }));
    expect(bulk).toHaveTextContent('(۲)');
    await user.click(bulk);
    await waitFor(() => expect(verifies).toHaveLength(1));
    expect(verifies.bodies[0]).toEqual([
      { id: others.id, accept: true },
      { id: correction.id, accept: true },
    ]);
  });

  it('shows the server’s refusal', async () => {
    fail(ROUTES.tests.verifyCutting, 'عیاری را که خودتان ثبت کرده‌اید نمی‌توانید تأیید کنید', {
      status: 403,
    });
    // Named differently here, so the screen offers the row; the server still refuses it.
    signInAsStaff(['assayer'], {
      settings: LAB_SETTINGS,
      person: { id: 's9', fullName: 'کس دیگر', staffCode: 9, roles: ['assayer'] },
    });
    const user = userEvent.setup();
    renderApp('/lab/verify');
    await user.click(await screen.findByRole('button', { name: 'تأیید عیار بسته ۱۰۰۳' }));
    expect(
      await screen.findByText('عیاری را که خودتان ثبت کرده‌اید نمی‌توانید تأیید کنید'),
    ).toBeInTheDocument();
  });
});

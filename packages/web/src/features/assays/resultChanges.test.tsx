import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, UI } from '@ayar/contract';
import { LAB_SETTINGS, labRow, resultVersion } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0029 on the lab's screens: a change to a published result asks why, and the packet shows its
// result's signed versions.

const PUBLISHED = {
  waitFor: false,
  canUpdate: true,
  cutting: 750,
  purityAt: '2026-11-20T08:30:00Z',
  resultVersion: 1,
  resultAt: '2026-11-20T08:30:00Z',
  resultStatus: 'published',
} as const;
const packet = labRow(PUBLISHED);

beforeEach(() => {
  signInAs('workshop', { settings: LAB_SETTINGS });
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  handle(ROUTES.tests.resultVersions, { list: [resultVersion()] });
});

const reasonField = () => screen.getByRole('textbox', { name: /^علت اصلاح/ });

describe('lab/edit of a published result', () => {
  it('asks why a published purity is corrected, and sends the reason with it', async () => {
    handle(ROUTES.tests.getTest, packet);
    const edits = handle(ROUTES.tests.editTest, null, { message: 'ذخیره شد' });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${packet.id}`);
    const purity = await screen.findByLabelText(/^عیار/);
    await user.clear(purity);
    await user.type(purity, '۷۴۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText('علت را بنویسید')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.editTest)).toHaveLength(0);

    await user.type(reasonField(), 'خطای ثبت عیار');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits.bodies[0]).toMatchObject({ testId: packet.id, cutting: 740, reason: 'خطای ثبت عیار' });
  });

  it('shows the server’s refusal of a change without a reason under the reason field', async () => {
    handle(ROUTES.tests.getTest, packet);
    fail(ROUTES.tests.editTest, 'اطلاعات وارد شده معتبر نیست', {
      errors: [{ field: 'reason', message: 'علت را بنویسید' }],
    });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${packet.id}`);
    const weight = await screen.findByLabelText(/^وزن طلا/);
    await user.clear(weight);
    await user.type(weight, '3');
    await user.click(screen.getByRole('button', { name: 'ذخیره تغییرات' }));
    await waitFor(() => expect(reasonField()).toHaveAccessibleDescription(/علت را بنویسید/));
  });

  it('has no reason field before a result is published, nor a history', async () => {
    handle(ROUTES.tests.getTest, labRow());
    renderApp(`/lab/edit/${packet.id}`);
    await screen.findByLabelText(/^عیار/);
    expect(screen.queryByRole('textbox', { name: /^علت اصلاح/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'نسخه‌های نتیجه' })).not.toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.resultVersions)).toHaveLength(0);
  });

  it('shows every signed version: number, status, purity, when, by whom and why', async () => {
    handle(ROUTES.tests.getTest, { ...packet, cutting: 740, resultVersion: 2 });
    const versions = handle(ROUTES.tests.resultVersions, {
      list: [
        resultVersion(),
        resultVersion({
          version: 2,
          purity: 740,
          at: '2026-11-20T09:00:00Z',
          byRole: 'admin',
          reason: 'خطای ثبت عیار',
        }),
      ],
    });
    // A phone (jsdom's default): one short block per version.
    const { unmount } = renderApp(`/lab/edit/${packet.id}`);
    const list = await screen.findByRole('list', { name: 'نسخه‌های نتیجه' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'نسخهٔ ۱منتشر شدهعیار ۷۵۰۱۴۰۵/۰۸/۲۹ ۱۲:۰۰ | آزمایشگاه',
      'نسخهٔ ۲منتشر شده(فعلی)عیار ۷۴۰۱۴۰۵/۰۸/۲۹ ۱۲:۳۰ | مدیرعلت: خطای ثبت عیار',
    ]);
    expect(versions[0]!.query).toEqual({ testId: packet.id });
    unmount();

    // A desktop: the table.
    const phoneMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        ...phoneMatchMedia(query),
        matches: query.includes(`min-width: ${UI.desktopMinWidth}px`),
      }) as MediaQueryList;
    try {
      renderApp(`/lab/edit/${packet.id}`);
      const table = await screen.findByRole('table', { name: 'نسخه‌های نتیجه' });
      expect(
        within(table)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual([
        'نسخهوضعیتعیارزمانتوسطعلت',
        '۱منتشر شده۷۵۰۱۴۰۵/۰۸/۲۹ ۱۲:۰۰آزمایشگاه—',
        '۲منتشر شده(فعلی)۷۴۰۱۴۰۵/۰۸/۲۹ ۱۲:۳۰مدیرخطای ثبت عیار',
      ]);
    } finally {
      window.matchMedia = phoneMatchMedia;
    }
  });
});

describe('lab/list: correcting a published purity inline', () => {
  it('asks the reason in a dialog and sends it with the corrected packet only', async () => {
    const first = labRow({ id: 'a1a1a1a1-0000-4000-8000-000000000009', docNumber: 1009 });
    handle(ROUTES.tests.allTests, { list: [packet, first], totalCount: 2, currPage: 1, pageSize: 100 });
    const cuttings = handle(ROUTES.tests.addCutting, { updated: 2 }, { message: 'عیار ثبت شد' });
    const user = userEvent.setup();
    renderApp('/lab/list');
    await user.click(await screen.findByRole('button', { name: 'ویرایش عیار بسته ۱۰۰۰' }));
    const box = screen.getByLabelText('عیار بسته ۱۰۰۰');
    await user.clear(box);
    await user.type(box, '740');
    await user.type(screen.getByLabelText('عیار بسته ۱۰۰۹'), '800');
    await user.click(screen.getAllByRole('button', { name: /ثبت عیار/ })[0]!);

    const dialog = within(await screen.findByRole('dialog', { name: 'علت اصلاح عیار' }));
    expect(dialog.getByRole('listitem')).toHaveTextContent('بسته ۱۰۰۰: عیار ۷۵۰ ← ۷۴۰');
    await user.click(dialog.getByRole('button', { name: 'ثبت اصلاح' }));
    expect(await dialog.findByText('علت را بنویسید')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.addCutting)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /علت اصلاح/ }), 'خطای ثبت');
    await user.click(dialog.getByRole('button', { name: 'ثبت اصلاح' }));
    await waitFor(() => expect(cuttings).toHaveLength(1));
    expect(cuttings.bodies[0]).toEqual([
      { id: packet.id, cutting: 740, reason: 'خطای ثبت' },
      { id: first.id, cutting: 800 },
    ]);
  });

  it('sends nothing when the dialog is cancelled, and keeps what was typed', async () => {
    handle(ROUTES.tests.allTests, { list: [packet], totalCount: 1, currPage: 1, pageSize: 100 });
    const user = userEvent.setup();
    renderApp('/lab/list');
    await user.click(await screen.findByRole('button', { name: 'ویرایش عیار بسته ۱۰۰۰' }));
    const box = screen.getByLabelText('عیار بسته ۱۰۰۰');
    await user.clear(box);
    await user.type(box, '740');
    await user.click(screen.getAllByRole('button', { name: /ثبت عیار/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'علت اصلاح عیار' });
    await user.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(ROUTES.tests.addCutting)).toHaveLength(0);
    expect(screen.getByLabelText('عیار بسته ۱۰۰۰')).toHaveValue('۷۴۰');
  });
});

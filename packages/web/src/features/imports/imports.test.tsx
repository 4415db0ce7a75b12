import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_LIMITS, IMPORT_MSG, IMPORT_PRESETS, ROUTES } from '@ayar/contract';
import type { ImportMapping, ImportPreviewResponse, ImportPreviewRow } from '@ayar/contract';
import { expectNoNestedControls, tabTo } from '../../test/a11y.ts';
import { LAB_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, requestsTo } from '../../test/server.ts';
import { signInAs, signInAsStaff } from '../../test/session.ts';

// «ورود عیار از دستگاه» (docs/product.md §2.18, ADR 0059): a mapping and a file, a preview that records
// nothing with each row's problem in Persian, the rows chosen, then all or none applied.

const PRESETS: ImportMapping[] = IMPORT_PRESETS.map((p) => ({ ...p, preset: true }));
const OWN_ID = '5f0e8a8e-3f4b-4c1d-9a57-1b2c3d4e5f60';
const OWN: ImportMapping = {
  id: OWN_ID,
  preset: false,
  name: 'میز دوم',
  instrument: 'XAN 250',
  sampleColumn: 'Sample',
  goldColumn: 'Au [%]',
  goldUnit: 'percent',
  stripPrefix: 'AY-',
  stripSuffix: null,
};
const IMPORT_ID = '0b9c1d52-5c1e-4a55-9e9f-2a3c4d5e6f70';
const PREVIEW: ImportPreviewResponse = {
  importId: IMPORT_ID,
  instrument: 'XRF',
  sha256: 'a'.repeat(64),
  rows: [
    { row: 1, docNumber: 1001, purity: 750, packetId: 'p1', state: 'waiting', problem: null },
    { row: 2, docNumber: 1002, purity: 916, packetId: 'p2', state: 'waiting', problem: null },
    { row: 3, docNumber: 1003, purity: 1000, packetId: 'p3', state: 'waiting', problem: 'range' },
    { row: 4, docNumber: 9999, purity: 750, packetId: null, state: null, problem: 'notFound' },
    { row: 5, docNumber: 1005, purity: 740, packetId: 'p5', state: 'published', problem: 'hasPurity' },
  ],
};
const csv = (text = 'شماره بسته,عیار\n1001,750\n') => new File([text], 'results.csv', { type: 'text/csv' });

beforeEach(() => {
  signInAs('workshop', { settings: LAB_SETTINGS });
  handle(ROUTES.tests.importMappings, [...PRESETS, OWN]);
});

/** The file field's own input (the visible control is a button that opens it). */
async function fileInput(): Promise<HTMLInputElement> {
  await screen.findByRole('button', { name: /فایل خروجی دستگاه/ });
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

async function previewFile(file = csv()) {
  const user = userEvent.setup();
  renderApp('/lab/import');
  await user.upload(await fileInput(), file);
  await user.click(screen.getByRole('button', { name: 'پیش‌نمایش' }));
  return user;
}

/** The new-mapping form, opened from the page. */
async function openMappingForm() {
  const user = userEvent.setup();
  renderApp('/lab/import');
  await user.click(await screen.findByRole('button', { name: 'الگوی تازه' }));
  const form = await screen.findByRole('form', { name: 'الگوی تازهٔ خواندن فایل' });
  const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '.')}`));
  const type = (label: string, text: string) => user.type(field(label), text);
  return { user, form, type, field };
}

describe('the mappings', () => {
  it('lists the ready-made mappings and the lab’s own, and says in words what the chosen one reads', async () => {
    const user = userEvent.setup();
    renderApp('/lab/import');
    expect(await screen.findByText(/ستون شناسه نمونه:/)).toHaveTextContent(
      'ستون شناسه نمونه: شماره بسته؛ ستون طلا: عیار؛ واحد: در هزار',
    );
    await user.click(screen.getByRole('combobox', { name: 'الگوی خواندن فایل', hidden: true }));
    for (const name of [...IMPORT_PRESETS.map((p) => p.name), 'میز دوم']) {
      expect(await screen.findByRole('option', { name, hidden: true })).toBeInTheDocument();
    }
    expect(screen.getByText('الگوهای آماده')).toBeInTheDocument();
    expect(screen.getByText('الگوهای این آزمایشگاه')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حذف این الگو' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Fischerscope XAN (WinFTM)', hidden: true }));
    expect(screen.getByText(/ستون شناسه نمونه:/)).toHaveTextContent(
      'ستون شناسه نمونه: Sample؛ ستون طلا: Au [%]؛ واحد: درصد',
    );
  });

  it('deletes one of the lab’s own mappings after asking', async () => {
    const deleted = handle(ROUTES.tests.deleteImportMapping, PRESETS, { message: 'الگو حذف شد' });
    const user = userEvent.setup();
    renderApp('/lab/import');
    await user.click(await screen.findByRole('combobox', { name: 'الگوی خواندن فایل', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'میز دوم', hidden: true }));
    expect(screen.getByText(/ستون شناسه نمونه:/)).toHaveTextContent('پیشوند حذف‌شدنی: AY-');
    await user.click(screen.getByRole('button', { name: 'حذف این الگو' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('الگوی «میز دوم» حذف شود؟');
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await expect.poll(() => deleted.length).toBe(1);
    expect(deleted[0]!.body).toEqual({ id: OWN_ID });
    await waitFor(() => expect(screen.queryByText(/ستون شناسه نمونه:/)).not.toBeInTheDocument());
  });

  it('refuses the same column twice with the server’s rule before sending, then saves a valid one', async () => {
    const added = handle(
      ROUTES.tests.addImportMapping,
      { ...OWN, name: 'میز سوم' },
      { message: 'الگو ذخیره شد' },
    );
    const { user, form, type, field } = await openMappingForm();
    await type('نام الگو', 'میز سوم');
    await type('نام دستگاه', 'XAN');
    await type('عنوان ستون شناسه نمونه', 'Sample');
    await type('عنوان ستون طلا', ' sample');
    await user.click(within(form).getByRole('button', { name: 'ذخیرهٔ الگو' }));
    expect(await within(form).findByText(IMPORT_MSG.sameColumn)).toBeInTheDocument();
    // The list is a GET to the same path: only a POST would be a save.
    expect(requestsTo(ROUTES.tests.addImportMapping).filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.clear(field('عنوان ستون طلا'));
    await type('عنوان ستون طلا', 'Au [[%]');
    await type('پیشوند شناسه برای حذف (اختیاری)', 'AY-');
    await user.click(within(form).getByRole('radio', { name: /درصد/ }));
    await user.click(within(form).getByRole('button', { name: 'ذخیرهٔ الگو' }));
    await expect.poll(() => added.length).toBe(1);
    expect(added[0]!.body).toEqual({
      name: 'میز سوم',
      instrument: 'XAN',
      sampleColumn: 'Sample',
      goldColumn: 'Au [%]',
      goldUnit: 'percent',
      stripPrefix: 'AY-',
      stripSuffix: null,
    });
  });

  it('shows a taken name (409) under the name field, keeping what was typed', async () => {
    fail(ROUTES.tests.addImportMapping, IMPORT_MSG.nameTaken, {
      status: 409,
      code: 'CONFLICT',
      errors: [{ field: 'name', message: IMPORT_MSG.nameTaken }],
    });
    const { user, form, type, field } = await openMappingForm();
    await type('نام الگو', 'Bench');
    await type('نام دستگاه', 'XAN');
    await type('عنوان ستون شناسه نمونه', 'Sample');
    await type('عنوان ستون طلا', 'Au');
    await user.click(within(form).getByRole('button', { name: 'ذخیرهٔ الگو' }));
    const name = field('نام الگو');
    await waitFor(() => expect(name).toHaveAccessibleDescription(IMPORT_MSG.nameTaken));
    expect(name).toHaveValue('Bench');
    expect(field('عنوان ستون طلا')).toHaveValue('Au');
  });
});

describe('the preview', () => {
  it('refuses a file over 5 MB before sending, and shows the server’s refusal under the file', async () => {
    const big = new File([new Uint8Array(IMPORT_LIMITS.maxBytes + 1)], 'big.csv', { type: 'text/csv' });
    await previewFile(big);
    expect(await screen.findByText(IMPORT_MSG.tooLarge)).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.importPreview)).toHaveLength(0);

    fail(ROUTES.tests.importPreview, IMPORT_MSG.unsupported, { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const user = userEvent.setup();
    await user.upload(await fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'پیش‌نمایش' }));
    expect(await screen.findByText(IMPORT_MSG.unsupported)).toBeInTheDocument();
    expect(screen.queryByText(IMPORT_MSG.tooLarge)).not.toBeInTheDocument();
  });

  it('says nothing is recorded yet, counts the rows, and names each row’s problem in Persian', async () => {
    const previews = handle(ROUTES.tests.importPreview, PREVIEW, { message: IMPORT_MSG.previewed });
    await previewFile();
    const table = await screen.findByRole('table');
    expect(screen.getByText(IMPORT_MSG.previewed)).toBeInTheDocument();
    expect(screen.getByText(/گرد به پایین/)).toHaveTextContent('طلا به در هزار و گرد به پایین: ۷۵٫۰۸٪ ← ۷۵۰');
    const counts = screen.getByTestId('import-counts');
    expect(counts).toHaveTextContent('قابل ثبت: ۲؛ دارای مشکل: ۳');
    expect(counts).toHaveTextContent('عیار خارج از بازه ۶۰۰ تا ۹۹۹ است: ۱');
    expect(counts).toHaveTextContent('بسته‌ای با این شماره در این آزمایشگاه نیست: ۱');
    expect(counts).toHaveTextContent('این بسته از پیش عیار دارد: ۱');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^۱۱۰۰۱۷۵۰در انتظار عیار—$/);
    expect(rows[3]).toHaveTextContent('عیار خارج از بازه ۶۰۰ تا ۹۹۹ است');
    expect(rows[4]).toHaveTextContent('بسته‌ای با این شماره در این آزمایشگاه نیست');
    expect(rows[5]).toHaveTextContent('عیار ثبت‌شده');
    expect(within(rows[1]!).getByRole('checkbox')).toBeChecked();
    expect(within(rows[3]!).getByRole('checkbox')).toBeDisabled();
    expect(within(rows[3]!).getByRole('checkbox')).not.toBeChecked();
    const form = previews[0]!.body as FormData;
    expect(form.get('mappingId')).toBe('preset-generic');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(screen.getByRole('button', { name: 'ثبت ۲ عیار' })).toBeEnabled();
  });

  it('filters the rows and pages them a hundred at a time', async () => {
    const many: ImportPreviewRow[] = Array.from({ length: 150 }, (_, i) => ({
      row: i + 1,
      docNumber: 2000 + i,
      purity: 750,
      packetId: `p${i}`,
      state: 'waiting',
      problem: i % 50 === 49 ? 'notFound' : null,
    }));
    handle(ROUTES.tests.importPreview, { ...PREVIEW, rows: many });
    const user = await previewFile();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText(/صفحه/)).toHaveTextContent('صفحه ۱ از ۲ — مجموع: ۱۵۰');
    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('radio', { name: 'دارای مشکل' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'قابل ثبت' }));
    expect(screen.getByText(/صفحه/)).toHaveTextContent('صفحه ۱ از ۲ — مجموع: ۱۴۷');
    expect(screen.getByRole('button', { name: 'ثبت ۱۴۷ عیار' })).toBeEnabled();
    await user.click(within(table).getByRole('checkbox', { name: 'انتخاب همه' }));
    expect(screen.getByRole('button', { name: 'ثبت ۰ عیار' })).toBeDisabled();
  });

  it('has no control inside another, and the keyboard reaches «ثبت»', async () => {
    handle(ROUTES.tests.importPreview, PREVIEW);
    const user = await previewFile();
    await screen.findByRole('table');
    expectNoNestedControls(document.body);
    await tabTo(user, screen.getByRole('button', { name: 'ثبت ۲ عیار' }), 80);
  });
});

describe('the apply', () => {
  it('sends exactly the chosen rows, says what was recorded, and clears the preview', async () => {
    handle(ROUTES.tests.importPreview, PREVIEW);
    const applied = handle(
      ROUTES.tests.importApply,
      { recorded: 1, published: 0, pending: 1 },
      { message: IMPORT_MSG.recorded(1) },
    );
    const user = await previewFile();
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('checkbox', { name: 'انتخاب ردیف ۲' }));
    await user.click(screen.getByRole('button', { name: 'ثبت ۱ عیار' }));
    expect(await screen.findByText(/عیار ثبت شد/)).toHaveTextContent(
      '۱ عیار ثبت شد؛ ۱ عیار در انتظار تأیید دوم است',
    );
    expect(applied[0]!.body).toEqual({ importId: IMPORT_ID, rows: [1] });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a CONFLICT, drops the stale preview and keeps the file to preview again', async () => {
    handle(ROUTES.tests.importPreview, PREVIEW);
    fail(ROUTES.tests.importApply, IMPORT_MSG.changed(1001), { status: 409, code: 'CONFLICT' });
    const user = await previewFile();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'ثبت ۲ عیار' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MSG.changed(1001));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /فایل خروجی دستگاه/ })).toHaveTextContent('results.csv');
    await user.click(screen.getByRole('button', { name: 'پیش‌نمایش' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.importPreview)).toHaveLength(2);
  });
});

describe('who gets the screen', () => {
  it('is in the assayer’s menu, not in the counter’s or the accountant’s (ADR 0049)', async () => {
    handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
    const menuHas = async (roles: ('assayer' | 'counter' | 'accountant')[]) => {
      signInAsStaff(roles, { settings: LAB_SETTINGS });
      const { unmount } = renderApp('/lab/list');
      await screen.findAllByRole('link', { name: 'لیست بسته‌ها' });
      const has = screen.queryByRole('link', { name: 'ورود عیار از دستگاه' }) !== null;
      unmount();
      return has;
    };
    expect(await menuHas(['assayer'])).toBe(true);
    expect(await menuHas(['counter'])).toBe(false);
    expect(await menuHas(['accountant'])).toBe(false);
  });

  it('refuses the screen itself to the counter', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    renderApp('/lab/import');
    expect(await screen.findByText(/این صفحه برای نقش شما در آزمایشگاه نیست/)).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.importMappings)).toHaveLength(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIRE_MSG, ROUTES } from '@ayar/contract';
import { LAB_SETTINGS, labRow } from '../../test/fixtures.ts';
import { formatJalaliDateTime } from '../../lib/format.ts';
import { renderApp } from '../../test/render.tsx';
import { HttpResponse, fail, handle, requestsTo } from '../../test/server.ts';
import { signInAs, signInAsStaff } from '../../test/session.ts';

// «کوپلاسیون» on the packet's edit screen (docs/product.md §2.18, ADR 0059): two determinations in any
// digits, the lab's rule shown as they are typed, the repeat said plainly, and the history of pairs.

const WAITING = labRow({
  id: 'f1f1f1f1-0000-4000-8000-000000000001',
  cutting: null,
  waitFor: true,
  canUpdate: true,
});
const EMPTY_HISTORY = { method: null, instrument: null, fireAssays: [], imports: [] };

beforeEach(() => {
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
  handle(ROUTES.tests.getTest, WAITING);
});

const panel = () => screen.findByRole('region', { name: 'کوپلاسیون و روش عیار' });

describe('the fire assay panel', () => {
  it('shows what the lab’s rule reports while typing, and sends the pair in Latin digits', async () => {
    signInAs('workshop', { settings: { ...LAB_SETTINGS, fireTolerance: 2, fireRule: 'meanDown' } });
    handle(ROUTES.tests.purityHistory, EMPTY_HISTORY);
    const sent = handle(
      ROUTES.tests.addFireAssay,
      { outcome: 'published', purity: 750, difference: 1, tolerance: 2, rule: 'meanDown' },
      { message: 'عیار ثبت شد' },
    );
    const user = userEvent.setup();
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    expect(within(section).getByText('کوپلاسیونی برای این بسته ثبت نشده است.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('تعیین اول'), '۷۵۱');
    await user.type(within(section).getByLabelText('تعیین دوم'), '۷۵۰');
    expect(within(section).getByRole('status')).toHaveTextContent('عیار گزارش‌شده: ۷۵۰');
    await user.click(within(section).getByRole('button', { name: 'ثبت کوپلاسیون' }));
    expect(await screen.findByText('عیار ثبت شد')).toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({ id: WAITING.id, first: 751, second: 750, proof: null });
  });

  it('says a pair outside the tolerance must be repeated, before and after it is sent', async () => {
    signInAs('workshop', { settings: { ...LAB_SETTINGS, fireTolerance: 2, fireRule: 'meanDown' } });
    handle(ROUTES.tests.purityHistory, EMPTY_HISTORY);
    handle(
      ROUTES.tests.addFireAssay,
      { outcome: 'repeat', purity: null, difference: 3, tolerance: 2, rule: 'meanDown' },
      { message: FIRE_MSG.repeat },
    );
    const user = userEvent.setup();
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    await user.type(within(section).getByLabelText('تعیین اول'), '753');
    await user.type(within(section).getByLabelText('تعیین دوم'), '750');
    expect(within(section).getByRole('status')).toHaveTextContent('بیش از حد مجاز: باید تکرار شود');
    await user.click(within(section).getByRole('button', { name: 'ثبت کوپلاسیون' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(FIRE_MSG.repeat);
  });

  it('refuses a determination out of range and a bad proof without sending', async () => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    handle(ROUTES.tests.purityHistory, EMPTY_HISTORY);
    const user = userEvent.setup();
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    await user.type(within(section).getByLabelText('تعیین اول'), '599');
    await user.type(within(section).getByLabelText('تعیین دوم'), '750');
    await user.type(within(section).getByLabelText('شاهد (اختیاری)'), '1000.1');
    await user.click(within(section).getByRole('button', { name: 'ثبت کوپلاسیون' }));
    expect(
      await within(section).findByText('عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد'),
    ).toBeInTheDocument();
    expect(within(section).getByText(FIRE_MSG.proofRange)).toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.addFireAssay)).toEqual([]);
  });

  it('shows the server’s refusal of a correction without its reason under the reason field', async () => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    handle(ROUTES.tests.getTest, { ...WAITING, cutting: 740, waitFor: false, purityMethod: 'typed' });
    handle(ROUTES.tests.purityHistory, { ...EMPTY_HISTORY, method: 'typed' });
    fail(ROUTES.tests.addFireAssay, 'علت اصلاح نتیجه بسته ۱ را بنویسید', {
      errors: [{ field: 'reason', message: 'علت اصلاح را بنویسید' }],
    });
    const user = userEvent.setup();
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    await user.type(within(section).getByLabelText('تعیین اول'), '751');
    await user.type(within(section).getByLabelText('تعیین دوم'), '750');
    await user.click(within(section).getByRole('button', { name: 'ثبت کوپلاسیون' }));
    expect(await within(section).findByText('علت اصلاح را بنویسید')).toBeInTheDocument();
    expect(within(section).getByLabelText('تعیین اول')).toHaveValue('۷۵۱');
  });

  it('lists the pairs and the method; the counter reads them but has no form', async () => {
    signInAsStaff(['counter'], { settings: LAB_SETTINGS });
    handle(ROUTES.tests.purityHistory, {
      method: 'fire',
      instrument: null,
      fireAssays: [
        {
          first: 754,
          second: 750,
          proof: 999.5,
          tolerance: 2,
          rule: 'meanDown',
          purity: null,
          staffCode: 3,
          at: '2026-11-20T08:00:00Z',
        },
        {
          first: 751,
          second: 750,
          proof: null,
          tolerance: 2,
          rule: 'meanDown',
          purity: 750,
          staffCode: 3,
          at: '2026-11-20T09:00:00Z',
        },
      ],
      imports: [],
    });
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    expect(await within(section).findByText('کوپلاسیون')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('تکرار خواسته شد');
    expect(items[0]).toHaveTextContent('شاهد ۹۹۹٫۵');
    expect(items[1]).toHaveTextContent('عیار گزارش‌شده ۷۵۰');
    expect(within(section).queryByRole('button', { name: 'ثبت کوپلاسیون' })).not.toBeInTheDocument();
  });

  it('lists a purity read from an instrument file, and downloads that file with the session', async () => {
    signInAs('workshop', { settings: LAB_SETTINGS });
    handle(ROUTES.tests.purityHistory, {
      ...EMPTY_HISTORY,
      method: 'xrf',
      instrument: 'Fischerscope XAN',
      imports: [
        {
          importId: '0b9c1d52-5c1e-4a55-9e9f-2a3c4d5e6f70',
          row: 12,
          purity: 750,
          instrument: 'Fischerscope XAN',
          sha256: 'a'.repeat(64),
          staffCode: 2,
          at: '2026-11-20T09:00:00Z',
        },
      ],
    });
    const file = handle(
      ROUTES.tests.importFile,
      () =>
        new HttpResponse('Sample,Au [%]', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': "attachment; filename*=UTF-8''xrf.csv",
          },
        }),
    );
    const user = userEvent.setup();
    renderApp(`/lab/edit/${WAITING.id}`);
    const section = await panel();
    const evidence = await within(section).findByRole('list', { name: 'عیارهای خوانده‌شده از فایل دستگاه' });
    expect(evidence).toHaveTextContent(
      `از فایل دستگاه Fischerscope XAN، ردیف ۱۲، عیار ۷۵۰؛ کارمند ۲، ${formatJalaliDateTime('2026-11-20T09:00:00Z')}`,
    );
    expect(within(section).getByText(/روش عیار فعلی/)).toHaveTextContent('XRF — Fischerscope XAN');
    await user.click(within(evidence).getByRole('button', { name: 'دریافت فایل ردیف ۱۲' }));
    await expect.poll(() => file.length).toBe(1);
    expect(file[0]!.url.searchParams.get('importId')).toBe('0b9c1d52-5c1e-4a55-9e9f-2a3c4d5e6f70');
  });
});

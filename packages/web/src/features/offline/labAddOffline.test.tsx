import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { BOUND_TOKEN_SCHEME, DEVICE_HEADER, ROUTES, toPersianDigits } from '@ayar/contract';
import { LAB_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import {
  OWNER,
  TOKEN_KEY,
  handleReserve,
  holdNumbers,
  queuePackets,
  setConnection,
  storedEntries,
  startOffline,
} from './testKit.ts';
import { offlineToken } from './tokens.ts';

// ADR 0033, lab/add without a connection: the number comes from this device's reservation (never
// GetCode), the packet goes to the queue with its own key and token, and the clerk goes on.

const field = (label: RegExp) => screen.getByLabelText(label);

beforeEach(async () => {
  sessionStorage.clear();
  await startOffline({ session: { settings: LAB_SETTINGS }, blocks: [] });
});

/** «مشتری متفرقه» with an owner (no customer search offline here), and the purity 750. */
async function fillPacket(user: ReturnType<typeof userEvent.setup>, purity = '750') {
  await user.click(screen.getByRole('checkbox', { name: 'مشتری متفرقه' }));
  await user.type(field(/^نام صاحب نمونه/), OWNER.name);
  await user.type(field(/^موبایل صاحب نمونه/), OWNER.mobile);
  await user.clear(field(/^عیار/));
  await user.type(field(/^عیار/), purity);
}

// Each walks lab/add by keyboard, several seconds on a busy 2-core machine.
describe('lab/add offline', { timeout: 15_000 }, () => {
  it('takes the numbers this device holds, in order across a gap, and queues the packets', async () => {
    await holdNumbers([
      { from: 5001, to: 5001 },
      { from: 5003, to: 5004 },
    ]);
    setConnection(false);
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۱'));

    await fillPacket(user);
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    // The next is the device's next number, not 5002 (another device's, or nobody's to use offline).
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۳'));
    // The owner is the packet's own: typed again for the next.
    await user.type(field(/^نام صاحب نمونه/), OWNER.name);
    await user.type(field(/^موبایل صاحب نمونه/), OWNER.mobile);
    await user.type(field(/^عیار/), '۸۰۰');
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۴'));
    await user.click(screen.getByRole('button', { name: /^ثبت \(/ }));

    // On to the queue, each packet's slip ready to print.
    expect(await screen.findByText('در صف ارسال قرار گرفت؛ برگه‌ها آماده چاپ است')).toBeInTheDocument();
    const entries = await storedEntries();
    expect(entries.map((e) => e.summary.docNumber)).toEqual([5001, 5003]);
    expect(entries.map((e) => e.kind)).toEqual(['addTest', 'addTest']);
    for (const entry of entries) {
      expect(entry.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The token this device's key makes for the number (ADR 0040): the server will take it.
      expect(entry.summary.publicToken).toBe(await offlineToken(TOKEN_KEY, entry.summary.docNumber));
      expect(entry.kind === 'addTest' && entry.tokenScheme).toBe(BOUND_TOKEN_SCHEME);
      expect(entry.state).toBe('waiting');
      expect(entry.body[0]).toMatchObject({
        testFullName: OWNER.name,
        publicToken: entry.summary.publicToken,
      });
      expect(
        await screen.findByRole('link', { name: `برگه ${toPersianDigits(entry.summary.docNumber)}` }),
      ).toHaveAttribute('href', `/lab/slip/queued/${entry.key}`);
    }
    expect(entries[0]!.body[0]!.cutting).toBe(750);
    expect(entries[1]!.body[0]!.cutting).toBe(800);
    expect(new Set(entries.map((e) => e.key)).size).toBe(2);
    // Nothing was asked of the server: not the number, not the check, not the registration.
    expect(requestsTo(ROUTES.tests.getCode)).toHaveLength(0);
    expect(requestsTo(ROUTES.tests.checkCode)).toHaveLength(0);
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(0);
  });

  it('with the last number it holds used, says to connect once, and takes no number of its own', async () => {
    await holdNumbers([{ from: 5001, to: 5001 }]);
    setConnection(false);
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۱'));
    await fillPacket(user);
    // The last number it holds is accepted…
    await user.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText('در صف ارسال قرار گرفت؛ برگه‌ها آماده چاپ است')).toBeInTheDocument();
    expect((await storedEntries()).map((e) => e.summary.docNumber)).toEqual([5001]);

    // … and then there is none: lab/add says why instead of offering a number.
    await user.click(screen.getAllByRole('link', { name: 'ثبت بسته' })[0]!);
    expect(await screen.findByRole('alert', { name: 'شماره‌ای برای ثبت آفلاین نیست' })).toHaveTextContent(
      'یک بار به اینترنت وصل شوید',
    );
    expect(field(/^شماره بسته/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'ثبت' })).toBeDisabled();
    expect(requestsTo(ROUTES.tests.getCode)).toHaveLength(0);
  });

  it('queues the list when AddTest gets no answer at all, on numbers this device holds', async () => {
    await holdNumbers([{ from: 5001, to: 5050 }]);
    handle(ROUTES.tests.getCode, 1000);
    handle(ROUTES.tests.checkCode, ({ body }) => ({
      code: (body as { code: number }).code,
      available: true,
    }));
    const adds = handle(ROUTES.tests.addTest, () => HttpResponse.error());
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    await fillPacket(user);
    await user.click(screen.getByRole('button', { name: 'ثبت' }));

    expect(await screen.findByText('در صف ارسال قرار گرفت؛ برگه‌ها آماده چاپ است')).toBeInTheDocument();
    // GetCode's 1000 is nobody's to keep while offline: the packet takes this device's 5001.
    expect(await screen.findByText(/۱۰۰۰ به ۵۰۰۱/)).toBeInTheDocument();
    expect((await storedEntries()).map((e) => e.summary.docNumber)).toEqual([5001]);
    expect(adds).toHaveLength(1);
  });

  it('sends the device header on GetCode, CheckCode and AddTest while online, and registers at once', async () => {
    const deviceId = await holdNumbers([{ from: 5001, to: 5050 }]);
    const codes = handle(ROUTES.tests.getCode, 1000);
    const checks = handle(ROUTES.tests.checkCode, ({ body }) => ({
      code: (body as { code: number }).code,
      available: true,
    }));
    const adds = handle(ROUTES.tests.addTest, { list: [{ id: 'n1', docNumber: 1000, publicToken: 't' }] });
    handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۰'));
    await fillPacket(user);
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۱۰۰۱'));
    await user.click(screen.getByRole('button', { name: /^ثبت \(/ }));
    expect(await screen.findByRole('link', { name: /برگه/ })).toHaveAttribute('href', '/lab/slip/n1');

    // GetCode with the header answers one of this device's numbers when its counters hold all the rest.
    expect(codes.last?.headers.get(DEVICE_HEADER)).toBe(deviceId);
    expect(checks.last?.headers.get(DEVICE_HEADER)).toBe(deviceId);
    expect(adds).toHaveLength(1);
    expect(adds.last?.headers.get(DEVICE_HEADER)).toBe(deviceId);
    expect(adds.last?.headers.get('idempotency-key')).toBeNull();
    expect(await storedEntries()).toEqual([]);
  });

  it('online, saving one of its own numbers offers its next own one, and registering tops it up when low', async () => {
    await holdNumbers([
      { from: 5001, to: 5001 },
      { from: 5010, to: 5033 },
    ]);
    handle(ROUTES.tests.getCode, 5001);
    handle(ROUTES.tests.checkCode, ({ body }) => ({
      code: (body as { code: number }).code,
      available: true,
    }));
    handle(ROUTES.tests.addTest, { list: [{ id: 'n1', docNumber: 5001, publicToken: 't' }] });
    handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
    const reserves = handleReserve([{ from: 5010, to: 5059 }]);
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۱'));
    await fillPacket(user);
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    // Not 5002, which may be another counter's: this device's next.
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۱۰'));
    expect(reserves).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^ثبت \(/ }));
    expect(await screen.findByRole('link', { name: /برگه/ })).toHaveAttribute('href', '/lab/slip/n1');
    // 24 of its numbers left, under 25: it asks for more.
    await waitFor(() => expect(reserves).toHaveLength(1));
  });

  it("online, skips and refuses a number a queued entry of this device holds (the server can't know it)", async () => {
    await holdNumbers([{ from: 5001, to: 5050 }]);
    await queuePackets([5001]);
    // The server still counts 5001 as this device's lowest unused number.
    handle(ROUTES.tests.getCode, 5001);
    const checks = handle(ROUTES.tests.checkCode, ({ body }) => ({
      code: (body as { code: number }).code,
      available: true,
    }));
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۲'));
    await fillPacket(user);
    await user.clear(field(/^شماره بسته/));
    await user.type(field(/^شماره بسته/), '5001');
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findAllByText(/این شماره در همین دستگاه به کار رفته است/)).not.toHaveLength(0);
    expect(checks).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'بسته‌های آماده ثبت' })).not.toBeInTheDocument();
  });

  it('refuses a typed number this device does not hold while offline, and offers its own', async () => {
    await holdNumbers([{ from: 5001, to: 5002 }]);
    setConnection(false);
    const user = userEvent.setup();
    renderApp('/lab/add');
    await waitFor(() => expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۱'));
    await fillPacket(user);
    await user.clear(field(/^شماره بسته/));
    await user.type(field(/^شماره بسته/), '5003');
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findAllByText(/فقط شماره‌هایی ثبت می‌شود که برای این دستگاه/)).not.toHaveLength(0);
    expect(field(/^شماره بسته/)).toHaveValue('۵۰۰۱');
    expect(screen.queryByRole('table', { name: 'بسته‌های آماده ثبت' })).not.toBeInTheDocument();
    // The last number it holds is accepted.
    await user.clear(field(/^شماره بسته/));
    await user.type(field(/^شماره بسته/), '5002');
    await user.click(screen.getByRole('button', { name: 'ذخیره و ادامه' }));
    expect(await screen.findByRole('table', { name: 'بسته‌های آماده ثبت' })).toHaveTextContent('۵۰۰۲');
  });
});

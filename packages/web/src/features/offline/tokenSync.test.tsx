import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, OFFLINE_MSG, ROUTES, toPersianDigits } from '@ayar/contract';
import type { AddTestRequest } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { failure, handle, requestsTo } from '../../test/server.ts';
import { offlineDb } from './db.ts';
import type { AddTestEntry } from './db.ts';
import { readDevice } from './device.ts';
import {
  TOKEN_KEY,
  handleReserve,
  queuePackets,
  setConnection,
  storedEntries,
  startOffline,
} from './testKit.ts';
import { offlineToken } from './tokens.ts';

// ADR 0040 on the device: a packet goes with the token its slip was printed with only when this
// device's key made it. An earlier app's random token is never sent, nor one the server refused; the
// packet is registered with the server's token and its slip is to be printed again.

/** A random token an earlier app made (no scheme marker). */
const OLD_TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eA';
/** The token the fake server makes when a packet comes without one. */
const SERVER_TOKEN = 'U2VydmVyTWFkZVRva2VuMQ';

beforeEach(async () => {
  await startOffline();
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
});

/** Queues a packet, then rewrites its entry as the earlier app stored it: a random token, no scheme. */
async function queueAsEarlierApp(docNumber: number): Promise<AddTestEntry> {
  await queuePackets([docNumber]);
  const entry = (await storedEntries()).find((e) => e.summary.docNumber === docNumber) as AddTestEntry;
  const { tokenScheme: _scheme, printedNumber: _printed, ...rest } = entry;
  const old = {
    ...rest,
    body: entry.body.map((d) => ({ ...d, publicToken: OLD_TOKEN })),
    summary: { ...entry.summary, publicToken: OLD_TOKEN },
  };
  await (await offlineDb()).put('queue', old);
  return old;
}

const tokenRefusal = () =>
  failure(MSG.validation, {
    status: 400,
    code: 'VALIDATION',
    errors: [{ field: '0.publicToken', message: OFFLINE_MSG.tokenInvalid }],
  });

/**
 * AddTest as the server answers it: a packet without a token gets the server's; `answer` may refuse
 * a request instead (given its draft).
 */
function fakeAddTest(answer?: (draft: AddTestRequest[number]) => Response | null) {
  return handle(ROUTES.tests.addTest, ({ body }) => {
    const [draft] = body as AddTestRequest;
    const refusal = answer?.(draft!);
    if (refusal) return refusal;
    const publicToken = draft!.publicToken ?? SERVER_TOKEN;
    return { list: [{ id: `id-${draft!.docNumber}`, docNumber: draft!.docNumber, publicToken }] };
  });
}

const sentTokens = (calls: { body: unknown }[]) =>
  calls.map((c) => (c.body as AddTestRequest)[0]!.publicToken);

describe('tokens on sync', () => {
  it("sends this device's own token and asks for no reprint", async () => {
    setConnection(false);
    await queuePackets([5001]);
    const adds = fakeAddTest();
    renderApp('/lab/queue');
    setConnection(true);
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    expect(sentTokens(adds)).toEqual([await offlineToken(TOKEN_KEY, 5001)]);
    expect(screen.queryByText('برگه این بسته‌ها را دوباره چاپ کنید')).not.toBeInTheDocument();
  });

  it("sends an earlier app's entry without its token and asks for the slip to be printed again", async () => {
    setConnection(false);
    await queueAsEarlierApp(5001);
    const adds = fakeAddTest();
    const user = userEvent.setup();
    renderApp('/lab/queue');
    // Before it is sent, its card says the QR code will change.
    const card = await screen.findByRole('listitem', { name: 'بسته ۵۰۰۱' });
    expect(card).toHaveTextContent('کد QR این بسته هنگام ارسال عوض می‌شود');

    setConnection(true);
    const notices = await screen.findByRole('region', { name: 'برگه این بسته‌ها را دوباره چاپ کنید' });
    expect(sentTokens(adds)).toEqual([undefined]);
    expect(notices).toHaveTextContent('کد QR برگه‌ای که پیش‌تر چاپ شده جواب را نشان نمی‌دهد');
    const row = within(notices).getByRole('listitem', { name: 'برگه تازه بسته ۵۰۰۱' });
    expect(row).toHaveTextContent('شماره بسته روی برگه قبلی همچنان جواب را پیدا می‌کند');
    expect(within(row).getByRole('link', { name: 'چاپ برگه تازه' })).toHaveAttribute(
      'href',
      '/lab/slip/id-5001',
    );
    // The shell says so on every screen.
    expect(screen.getByText(/باید دوباره چاپ شود/)).toHaveTextContent(
      `برگه ${toPersianDigits(1)} بسته باید دوباره چاپ شود`,
    );
    expect(await storedEntries()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'چاپ شد' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /دوباره چاپ کنید/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByText(/باید دوباره چاپ شود/)).not.toBeInTheDocument());
    expect(adds).toHaveLength(1);
  });

  it('a token the server refuses is dropped: the packet goes once more without it, and a new key is asked for', async () => {
    setConnection(false);
    await queuePackets([5001, 5002]);
    const adds = fakeAddTest((draft) => (draft.publicToken !== undefined ? tokenRefusal() : null));
    const reserves = handleReserve([{ from: 5003, to: 5050 }]);
    renderApp('/lab/queue');
    setConnection(true);
    const notices = await screen.findByRole('region', { name: 'برگه این بسته‌ها را دوباره چاپ کنید' });
    await waitFor(() => expect(within(notices).getAllByRole('listitem')).toHaveLength(2));
    const mine = [await offlineToken(TOKEN_KEY, 5001), await offlineToken(TOKEN_KEY, 5002)];
    // The second entry's token was refused as well: the key is asked for again only once it is known
    // to be stale, and each entry took two requests, never more.
    expect(sentTokens(adds)).toEqual([mine[0], undefined, mine[1], undefined]);
    await waitFor(() => expect(reserves.length).toBeGreaterThan(0));
    expect((await readDevice('w1'))?.tokenKey).toBe(TOKEN_KEY);
  });

  it('never loops: a packet refused for another reason after its token was dropped waits for the clerk', async () => {
    setConnection(false);
    await queuePackets([5001]);
    const adds = fakeAddTest((draft) =>
      draft.publicToken !== undefined
        ? tokenRefusal()
        : failure(OFFLINE_MSG.codeReserved, {
            status: 409,
            code: 'CONFLICT',
            errors: [{ field: '0.docNumber', message: OFFLINE_MSG.codeReserved }],
          }),
    );
    renderApp('/lab/queue');
    setConnection(true);
    const card = await screen.findByRole('listitem', { name: 'بسته ۵۰۰۱' });
    await waitFor(() => expect(within(card).getByText('رد شد')).toBeInTheDocument());
    expect(sentTokens(adds)).toEqual([await offlineToken(TOKEN_KEY, 5001), undefined]);
    // The entry keeps no token: its next send (after a fix) goes without one too.
    const [entry] = await storedEntries();
    expect((entry as AddTestEntry).body[0]!.publicToken).toBeUndefined();
    expect(card).toHaveTextContent('کد QR این بسته هنگام ارسال عوض می‌شود');
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(2);
  });

  it("an earlier app's entry its key already registered (answer lost) gets that answer, and no reprint", async () => {
    setConnection(false);
    const old = await queueAsEarlierApp(5001);
    // The server stored that key's answer for the request with the printed token: any other body
    // under the key is 422; that one is replayed.
    const adds = fakeAddTest((draft) =>
      draft.publicToken === OLD_TOKEN
        ? null
        : failure(OFFLINE_MSG.keyReused, { status: 422, code: 'CONFLICT' }),
    );
    renderApp('/lab/queue');
    setConnection(true);
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    expect(sentTokens(adds)).toEqual([undefined, OLD_TOKEN]);
    expect(adds.map((c) => c.headers.get('idempotency-key'))).toEqual([old.key, old.key]);
    expect(screen.queryByRole('region', { name: /دوباره چاپ کنید/ })).not.toBeInTheDocument();
  });
});

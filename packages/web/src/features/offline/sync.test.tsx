import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { ASSAY_MSG, DEVICE_HEADER, IDEMPOTENCY_HEADER, OFFLINE_MSG, ROUTES } from '@ayar/contract';
import type { AddTestRequest } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { failure, handle, requestsTo } from '../../test/server.ts';
import type { HandlerInput } from '../../test/server.ts';
import { queuePackets, queuePurity, setConnection, storedEntries, startOffline } from './testKit.ts';

// ADR 0033, sync exactly once: the queue goes out in order, one entry at a time, each under its own
// idempotency key and the device's id; a sync cut off half way and retried registers each entry once;
// a refusal is kept with the server's reason, fixed on the queue screen and sent again.

const PACKET_ID = 'a1a1a1a1-0000-4000-8000-000000000001';

let deviceId: string;
beforeEach(async () => {
  deviceId = (await startOffline())!;
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
});

/**
 * The server's side of AddTest as ADR 0033 has it: a key seen before gets the first answer again and
 * registers nothing; `lose(n)` makes the n-th request register but lose its answer on the way back.
 */
function fakeServer({
  lose = 0,
  refuse,
}: { lose?: number; refuse?: (docNumber: number) => Response | null } = {}) {
  const registered: number[] = [];
  const answers = new Map<string, unknown>();
  let inFlight = 0;
  let most = 0;
  let n = 0;
  const calls = handle(ROUTES.tests.addTest, async ({ body, headers }: HandlerInput) => {
    n += 1;
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    const key = headers.get(IDEMPOTENCY_HEADER) ?? '';
    const [draft] = body as AddTestRequest;
    const answer = answers.get(key);
    if (answer) return answer;
    const refusal = refuse?.(draft!.docNumber);
    if (refusal) return refusal;
    registered.push(draft!.docNumber);
    const data = {
      list: [{ id: `id-${draft!.docNumber}`, docNumber: draft!.docNumber, publicToken: draft!.publicToken }],
    };
    answers.set(key, data);
    if (n === lose) return HttpResponse.error();
    return data;
  });
  return { calls, registered, mostAtOnce: () => most };
}

describe('sending the queue', () => {
  it('sends every entry in order, one at a time, with its key and the device, when the line returns', async () => {
    setConnection(false);
    await queuePackets([5001]);
    await queuePurity(PACKET_ID, 1000, 760);
    await queuePackets([5002]);
    const queued = await storedEntries();
    const server = fakeServer();
    const purities = handle(ROUTES.tests.addCutting, { updated: 1 });
    renderApp('/lab/queue');
    expect(await screen.findByRole('list', { name: 'صف ارسال' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(requestsTo(ROUTES.tests.addTest)).toHaveLength(0);

    setConnection(true);
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    const sent = requestsTo()
      .filter(
        (r) => r.url.pathname.endsWith('/Tests/AddTest') || r.url.pathname.endsWith('/Tests/AddCutting'),
      )
      .map((r) => r.url.pathname.split('/').pop());
    expect(sent).toEqual(['AddTest', 'AddCutting', 'AddTest']);
    expect(server.calls.map((c) => c.headers.get(IDEMPOTENCY_HEADER))).toEqual([
      queued[0]!.key,
      queued[2]!.key,
    ]);
    expect(purities.last?.headers.get(IDEMPOTENCY_HEADER)).toBe(queued[1]!.key);
    expect(purities.last?.body).toEqual([{ id: PACKET_ID, cutting: 760 }]);
    for (const call of [...server.calls, ...purities]) expect(call.headers.get(DEVICE_HEADER)).toBe(deviceId);
    expect(server.registered).toEqual([5001, 5002]);
    expect(server.mostAtOnce()).toBe(1);
    // The client-made token goes with its packet: the slip printed offline points at the result.
    expect((server.calls[0]!.body as AddTestRequest)[0]!.publicToken).toBe(queued[0]!.summary.publicToken);
    expect(await storedEntries()).toEqual([]);
  });

  it('keeps what an interrupted sync did not finish, and the retry registers each entry once', async () => {
    setConnection(false);
    await queuePackets([5001, 5002, 5003]);
    const [first, second, third] = await storedEntries();
    // The second request reaches the server, which registers it, but its answer never comes back.
    const server = fakeServer({ lose: 2 });
    renderApp('/lab/queue');
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);

    setConnection(true);
    await waitFor(async () =>
      expect((await storedEntries()).map((e) => [e.key, e.state])).toEqual([
        [second!.key, 'waiting'],
        [third!.key, 'waiting'],
      ]),
    );
    // The screen says the last try failed, and why.
    expect(await screen.findByText(/آخرین تلاش:/)).toBeInTheDocument();
    // It stopped at the failure: the third was not tried behind the second's back.
    expect(server.calls.map((c) => c.headers.get(IDEMPOTENCY_HEADER))).toEqual([first!.key, second!.key]);

    // The line comes back again: the second is sent under the same key and answered from the first time.
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await storedEntries()).toEqual([]));
    expect(server.calls.map((c) => c.headers.get(IDEMPOTENCY_HEADER))).toEqual([
      first!.key,
      second!.key,
      second!.key,
      third!.key,
    ]);
    expect(server.calls[1]!.body).toEqual(server.calls[2]!.body);
    expect(server.registered).toEqual([5001, 5002, 5003]);
  });

  it('keeps a refused entry with the server’s reason, sends the rest, and sends it again once fixed', async () => {
    setConnection(false);
    await queuePackets([5001, 5002]);
    const [refused] = await storedEntries();
    const server = fakeServer({
      refuse: (docNumber) =>
        docNumber === 5001
          ? failure(OFFLINE_MSG.codeReserved, {
              status: 409,
              code: 'CONFLICT',
              errors: [{ field: '0.docNumber', message: OFFLINE_MSG.codeReserved }],
            })
          : null,
    });
    const user = userEvent.setup();
    renderApp('/lab/queue');
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    setConnection(true);

    const card = await screen.findByRole('listitem', { name: 'بسته ۵۰۰۱' });
    await waitFor(() => expect(within(card).getByText('رد شد')).toBeInTheDocument());
    expect(within(card).getByRole('alert')).toHaveTextContent(`دلیل: ${OFFLINE_MSG.codeReserved}`);
    // The next entry went on without it.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(server.registered).toEqual([5002]);
    // The shell says something was refused, and where to see why.
    expect(screen.getByText(/مورد را سرور نپذیرفت/)).toHaveTextContent('۱ مورد را سرور نپذیرفت.');
    expect(screen.getByRole('link', { name: 'دلیل را ببینید و اصلاح کنید' })).toHaveAttribute(
      'href',
      '/lab/queue',
    );
    expect((await storedEntries())[0]).toMatchObject({
      key: refused!.key,
      state: 'refused',
      error: { message: OFFLINE_MSG.codeReserved, field: 'docNumber' },
    });

    // Fixed with this device's next free number, and sent again under its own key.
    await user.click(within(card).getByRole('button', { name: 'اصلاح و ارسال دوباره' }));
    await user.click(within(card).getByRole('button', { name: 'شماره بعدی این دستگاه' }));
    await waitFor(() => expect(within(card).getByLabelText('شماره بسته')).toHaveValue('۵۰۰۳'));
    await user.click(within(card).getByRole('button', { name: 'ارسال دوباره' }));
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    expect(server.calls.last?.headers.get(IDEMPOTENCY_HEADER)).toBe(refused!.key);
    expect((server.calls.last?.body as AddTestRequest)[0]!.docNumber).toBe(5003);
    expect(server.registered).toEqual([5002, 5003]);
    expect(screen.queryByText(/مورد را سرور نپذیرفت/)).not.toBeInTheDocument();
  });

  it('discards a refused entry only after the clerk confirms, and never by itself', async () => {
    setConnection(false);
    await queuePurity(PACKET_ID, 1000, 760);
    handle(ROUTES.tests.addCutting, () => failure(ASSAY_MSG.purityLocked, { status: 400 }));
    const user = userEvent.setup();
    renderApp('/lab/queue');
    const card = await screen.findByRole('listitem', { name: 'عیار ۱۰۰۰' });
    setConnection(true);
    await waitFor(() => expect(within(card).getByText('رد شد')).toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'حذف از صف' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('هرگز به سرور نمی‌رسد');
    await user.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await storedEntries()).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'حذف از صف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    expect(await storedEntries()).toEqual([]);
  });

  it('stops at a 401 and keeps everything for the next session', async () => {
    setConnection(false);
    await queuePackets([5001, 5002]);
    const adds = handle(ROUTES.tests.addTest, () => failure('نشست شما به پایان رسیده است', { status: 401 }));
    renderApp('/lab/queue');
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    setConnection(true);
    // The session is over: the app goes to the landing page, the queue stays as it was.
    expect(await screen.findByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(adds).toHaveLength(1);
    const left = await storedEntries();
    expect(left.map((e) => e.summary.docNumber)).toEqual([5001, 5002]);
    expect(left.map((e) => e.state)).toEqual(['waiting', 'waiting']);
  });
});

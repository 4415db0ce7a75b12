import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { IDEMPOTENCY_HEADER, ROUTES } from '@ayar/contract';
import { labRow } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { setConnection, storedEntries, startOffline } from './testKit.ts';

// ADR 0033: the waiting list records purities without a connection; each waits in the queue, shown on
// its row, and is sent once when the line returns.

const ROW = labRow({ id: 'a1a1a1a1-0000-4000-8000-000000000001', docNumber: 1000 });
const page = (rows = [ROW]) => ({ list: rows, totalCount: rows.length, currPage: 1, pageSize: 100 });

beforeEach(async () => {
  await startOffline();
  handle(ROUTES.tests.allTests, page());
});

async function typePurity(user: ReturnType<typeof userEvent.setup>, purity: string) {
  const box = await screen.findByLabelText('عیار بسته ۱۰۰۰');
  await user.type(box, purity);
  await user.click(screen.getByRole('button', { name: /^ثبت عیار/ }));
}

describe('purities offline', () => {
  it('queues a purity typed offline, shows it on its row, and sends it once when the line returns', async () => {
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    await screen.findByLabelText('عیار بسته ۱۰۰۰');
    setConnection(false);
    await typePurity(user, '۷۶۰');

    expect(
      await screen.findByText('عیار در صف ارسال قرار گرفت و با وصل شدن اینترنت ثبت می‌شود'),
    ).toBeInTheDocument();
    // The row (a card at a phone's width) shows the queued purity, marked as not sent yet.
    const card = screen.getByText('در صف ارسال').closest<HTMLElement>('.mantine-Paper-root')!;
    expect(card).toHaveTextContent('۱۰۰۰');
    expect(within(card).getByText('۷۶۰')).toBeInTheDocument();
    expect(screen.queryByLabelText('عیار بسته ۱۰۰۰')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^ثبت عیار/ })).not.toBeInTheDocument();
    expect(requestsTo(ROUTES.tests.addCutting)).toHaveLength(0);
    const [entry] = await storedEntries();
    expect(entry).toMatchObject({
      kind: 'addCutting',
      body: [{ id: ROW.id, cutting: 760 }],
      state: 'waiting',
    });

    // Back online: sent under its key, and the list, read again, has the purity from the server.
    const cuts = handle(ROUTES.tests.addCutting, { updated: 1 });
    handle(ROUTES.tests.allTests, page([{ ...ROW, cutting: 760, waitFor: false }]));
    setConnection(true);
    await waitFor(async () => expect(await storedEntries()).toEqual([]));
    expect(cuts).toHaveLength(1);
    expect(cuts.last?.headers.get(IDEMPOTENCY_HEADER)).toBe(entry!.key);
    await waitFor(() => expect(screen.queryByText('در صف ارسال')).not.toBeInTheDocument());
    expect(screen.getByText('۷۶۰')).toBeInTheDocument();
  });

  it('queues the purity when AddCutting gets no answer at all', async () => {
    const cuts = handle(ROUTES.tests.addCutting, () => HttpResponse.error());
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    await typePurity(user, '750');
    expect(await screen.findByText('در صف ارسال')).toBeInTheDocument();
    expect(cuts).toHaveLength(1);
    expect((await storedEntries()).map((e) => e.body)).toEqual([[{ id: ROW.id, cutting: 750 }]]);
  });
});

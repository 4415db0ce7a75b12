import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, MSG, ROUTES } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { CustomerAutocomplete } from '../components/search/CustomerAutocomplete.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { handle, requestsTo, server } from '../test/server.ts';
import { signInAs } from '../test/session.ts';
import { apiQuery, useApiMutation } from './query.ts';

// ADR 0033: a workshop's app opened without a connection shows what it has and says plainly what it
// cannot do, instead of spinning or failing on every screen.

/** The browser's connection as the app follows it: navigator.onLine and its events. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  window.dispatchEvent(new Event('online'));
});

const customer = (id: string, name: string, code: number, mobile: string): CustomerSearchItem => ({
  id,
  name,
  code,
  mobile,
  settings: null,
  customerSettings: null,
});

function WaitingCount() {
  const query = useQuery(
    apiQuery(['count'], ROUTES.tests.allTests, { query: { pageSize: 1, pageNumber: 1 } }),
  );
  return <p>{query.data ? `تعداد: ${query.data.totalCount}` : 'هنوز نیامده'}</p>;
}

function SaveButton() {
  const save = useApiMutation(ROUTES.customer.delete);
  return (
    <>
      <button type="button" onClick={() => save.mutate({ id: 'c1' }, { onError: () => undefined })}>
        حذف
      </button>
      <p>{save.isPending ? 'در حال ارسال' : save.isError ? 'انجام نشد' : 'آماده'}</p>
    </>
  );
}

describe('queries and changes without a connection', () => {
  it('a screen opened offline waits without asking or alerting, and asks once the line returns', async () => {
    setConnection(false);
    const calls = handle(ROUTES.tests.allTests, { list: [], totalCount: 3, currPage: 1, pageSize: 1 });
    renderWithProviders(<WaitingCount />);
    expect(screen.getByText('هنوز نیامده')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    setConnection(true);
    expect(await screen.findByText('تعداد: 3')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('a change tried offline says the connection is down at once, instead of waiting for it', async () => {
    setConnection(false);
    server.use(http.post(`*${API_PREFIX}${ROUTES.customer.delete.path}`, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderWithProviders(<SaveButton />);
    await user.click(screen.getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(MSG.offline)).toBeInTheDocument();
    expect(screen.getByText('انجام نشد')).toBeInTheDocument();
  });
});

describe('the customer picker offline', () => {
  it('finds, among the customers earlier searches returned, those the text names', async () => {
    signInAs('workshop');
    handle(ROUTES.customer.customersByName, [
      customer('c1', 'حسن طلافروش', 12, '09121110000'),
      customer('c2', 'حسین زرگر', 7, '09351234567'),
      customer('c3', 'رضا احمدی', 3, '09120000003'),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerAutocomplete label="مشتری" value={null} onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'مشتری' });
    await user.click(field);
    // Mantine's dropdown transition leaves the list display:none under jsdom: hidden, but there.
    expect(await screen.findByRole('option', { name: /رضا احمدی/, hidden: true })).toBeInTheDocument();
    const asked = requestsTo(ROUTES.customer.customersByName).length;

    setConnection(false);
    await user.type(field, 'حسي'); // an Arabic ye, as some keyboards type it
    expect(await screen.findByRole('option', { name: /حسین زرگر/, hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(1));

    // A mobile typed in Persian digits finds its customer too.
    await user.clear(field);
    await user.type(field, '۰۹۱۲۱۱۱');
    expect(await screen.findByRole('option', { name: /حسن طلافروش/, hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(1);
    expect(requestsTo(ROUTES.customer.customersByName)).toHaveLength(asked);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { LoginResponse } from '@ayar/contract';
import { clearLogin, saveLogin } from './auth.ts';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, clearOnUserChange, createQueryClient, useApiMutation } from './query.ts';
import { renderApp, renderWithProviders } from '../test/render.tsx';
import { handle, handleAny, requestsTo } from '../test/server.ts';
import { signInAs } from '../test/session.ts';

// Right after the admin accepted a credit, code/add still said «موجودی: ۰» and
// «موجودی کافی نیست» until a reload, because the balance came from the cache (ADR 0026).

let balance = 0;

beforeEach(() => {
  balance = 0;
  handleAny(null);
  handle(ROUTES.account.getAllCode, () => ({ list: [], price: 1000, balance, canBuy: true }));
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 1 });
  handle(ROUTES.tests.getStatistics, {
    searchRes: 0,
    todayRes: 0,
    yesterdayRes: 0,
    weekRes: 0,
    monthRes: 0,
    totalRes: 0,
    credits: 0,
  });
  signInAs('workshop', { testTypes: [] });
});

const calls = (route: { method: 'GET' | 'POST'; path: string }) => requestsTo(route).length;

describe('balances are fresh whenever the screen is shown', () => {
  it('code/add reads the balance again when the lab comes back to it', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderApp('/code/add');
    expect(await screen.findByText(/موجودی:/)).toHaveTextContent('موجودی: ۰ تومان');
    expect(screen.getByText('موجودی کافی نیست')).toBeInTheDocument();

    // Meanwhile the admin accepts a 5,000,000 toman credit; the lab goes elsewhere and comes back.
    balance = 5_000_000;
    await user.click(screen.getAllByRole('link', { name: 'لیست مشتریان' })[0]!);
    await waitFor(() => expect(screen.queryByText(/موجودی:/)).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('link', { name: 'خرید شماره بسته' })[0]!);

    await waitFor(() => expect(screen.getByText(/موجودی:/)).toHaveTextContent('موجودی: ۵٬۰۰۰٬۰۰۰ تومان'));
    expect(screen.queryByText('موجودی کافی نیست')).not.toBeInTheDocument();
    // The old figure is never shown on the way back: the screen waits for the new one.
    expect(screen.queryByText('موجودی: ۰ تومان')).not.toBeInTheDocument();
    expect(calls(ROUTES.account.getAllCode)).toBe(2);
  });

  it(
    'a change anywhere reads every balance on screen again, and leaves the rest alone',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      function Screen() {
        const money = useQuery(apiQuery(['codes', 'mine'], ROUTES.account.getAllCode, { fresh: true }));
        const other = useQuery(apiQuery(['settings'], ROUTES.account.systemSettings));
        const add = useApiMutation(ROUTES.account.addCredit);
        return (
          <>
            <p>{money.data ? `balance ${money.data.balance}` : 'loading'}</p>
            <p>{other.isSuccess ? 'other loaded' : ''}</p>
            <button
              type="button"
              onClick={() => void add.mutateAsync({} as Parameters<typeof add.mutateAsync>[0])}
            >
              change
            </button>
          </>
        );
      }
      renderWithProviders(<Screen />);
      expect(await screen.findByText('balance 0')).toBeInTheDocument();
      await screen.findByText('other loaded');
      balance = 70_000;
      await user.click(screen.getByRole('button', { name: 'change' }));
      expect(await screen.findByText('balance 70000')).toBeInTheDocument();
      expect(calls(ROUTES.account.getAllCode)).toBe(2);
      expect(calls(ROUTES.account.systemSettings)).toBe(1);
    },
  );
});

const login = (userId: string): LoginResponse => ({
  token: 't',
  userUsername: userId,
  userId,
  userRoleId: 2,
  userFname: userId,
  nationalId: null,
  userSanapass: '{}',
  role: 'workshop',
  testTypes: [],
  person: null,
});

describe('one account never sees what another read', () => {
  it('the cache is emptied when the signed-in user changes, and only then', () => {
    const client = createQueryClient();
    const stop = clearOnUserChange(client);
    client.setQueryData(['codes', 'mine'], { balance: 0 });
    act(() => saveLogin(login('w1')));
    expect(client.getQueryData(['codes', 'mine'])).toEqual({ balance: 0 });
    act(() => clearLogin());
    expect(client.getQueryData(['codes', 'mine'])).toBeUndefined();
    client.setQueryData(['profile'], { userName: 'admin' });
    act(() => saveLogin(login('w2')));
    expect(client.getQueryData(['profile'])).toBeUndefined();
    stop();
  });
});

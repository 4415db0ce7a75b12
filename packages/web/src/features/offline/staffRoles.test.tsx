import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@ayar/contract';
import type { StaffRole } from '@ayar/contract';
import { LAB_SETTINGS } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';
import { signInAsStaff } from '../../test/session.ts';
import { freeNumbers, ensureDevice } from './device.ts';
import { releaseReservation } from './reservations.ts';
import { USER, emptyOfflineDb, handleReserve, holdNumbers } from './testKit.ts';

// ADR 0049: what the shell runs for every lab session (the numbers held for offline registering, the
// customer book) runs only for the roles the server gives them to; anyone else would meet 403s.

beforeEach(async () => {
  await emptyOfflineDb();
  handleReserve();
  handle(ROUTES.customer.customerBook, { list: [], totalCount: 0 });
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 100 });
});

async function openListAs(roles: StaffRole[]) {
  signInAsStaff(roles, { settings: LAB_SETTINGS });
  renderApp('/lab/list');
  await screen.findByRole('button', { name: 'فیلتر' }, { timeout: 10_000 });
  await waitFor(() => expect(requestsTo(ROUTES.tests.allTests).length).toBeGreaterThan(0));
}

describe('the shell’s background work by role', { timeout: 20_000 }, () => {
  it('holds numbers and keeps the customer book for the counter', async () => {
    await openListAs(['counter']);
    await waitFor(() => expect(requestsTo(ROUTES.tests.reserveCodes)).toHaveLength(1), { timeout: 10_000 });
    await waitFor(() => expect(requestsTo(ROUTES.customer.customerBook)).toHaveLength(1));
  });

  it('asks for neither for the assayer or the accountant', async () => {
    await openListAs(['assayer', 'accountant']);
    // The offline layer has started (its device record exists) and asked for nothing.
    await waitFor(async () => expect((await ensureDevice(USER)).deviceId).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requestsTo(ROUTES.tests.reserveCodes)).toHaveLength(0);
    expect(requestsTo(ROUTES.customer.customerBook)).toHaveLength(0);
  });

  it('leaves the device’s numbers for the next counter when an assayer signs out', async () => {
    await holdNumbers([{ from: 5001, to: 5010 }]);
    signInAsStaff(['assayer']);
    await releaseReservation(USER);
    expect(requestsTo(ROUTES.tests.releaseCodes)).toHaveLength(0);
    expect(freeNumbers(await ensureDevice(USER))).toHaveLength(10);
  });
});

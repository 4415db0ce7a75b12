import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TYPES } from '@ayar/contract';
import type { LabListRow } from '@ayar/contract';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

// Issue 16 item 10: one «ثبت عیار» on lab/list, and a saved purity reads as saved.

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = '') => jsonResponse({ successful: true, message, data });

const row = (over: Partial<LabListRow>): LabListRow => ({
  id: 'a1a1a1a1-0000-4000-8000-000000000001',
  customerId: '0b6c3f5e-1111-4c2d-9a7e-000000000001',
  customerName: 'حسن طلافروش',
  customerCode: 1,
  type: TEST_TYPES[0].id,
  typeName: TEST_TYPES[0].name,
  docNumber: 1000,
  cutting: null,
  title: true,
  titleName: 'بسته',
  weight: 2.5,
  readyTime: 30,
  sendSMS: true,
  sendCall: true,
  displayType: null,
  desc: null,
  sampleWeight: 0.25,
  vage: 0,
  vageType: 1,
  feeToman: 0,
  feeGold: 0,
  customerMobile: '09121234567',
  testFullName: null,
  testMobile: null,
  waitFor: true,
  canUpdate: false,
  canDelete: false,
  date: '2026-11-20T08:00:00Z',
  purityAt: null,
  platform: 'w',
  userId: 'w1',
  labName: 'آزمایشگاه',
  userFullName: 'مدیر',
  serialNo: 1,
  forDelete: false,
  forDeleteDate: null,
  deleteDecline: null,
  deleted: false,
  deletedAt: null,
  publicToken: 'tok',
  images: [],
  ...over,
});

const waiting = row({ id: 'a1a1a1a1-0000-4000-8000-000000000001', docNumber: 1000 });
const saved = row({
  id: 'a1a1a1a1-0000-4000-8000-000000000002',
  docNumber: 999,
  waitFor: false,
  canUpdate: true,
  cutting: 875,
  purityAt: '2026-11-20T08:10:00Z',
});
const final = row({
  id: 'a1a1a1a1-0000-4000-8000-000000000003',
  docNumber: 998,
  waitFor: false,
  cutting: 740,
});

let rows: LabListRow[] = [];
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/Tests/AllTests'))
      return ok({ list: rows, totalCount: rows.length, currPage: 1, pageSize: 100 });
    if (url.includes('/Tests/AddCutting')) return ok({ updated: 1 }, 'عیار ثبت شد');
    return jsonResponse({ successful: false, message: 'unexpected', data: null }, 500);
  });
  localStorage.setItem(STORAGE_KEYS.token, 'bearer t');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ userId: 'w1', role: 'workshop', userFname: 'آزمایشگاه', testTypes: TEST_TYPES }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const saveButtons = () => screen.queryAllByRole('button', { name: /^ثبت عیار/ });

describe('lab/list purities', () => {
  it('offers one «ثبت عیار», not one above and one below the list', async () => {
    rows = [waiting, saved, final];
    renderApp('/lab/list');
    await screen.findByLabelText('عیار بسته ۱۰۰۰');
    expect(saveButtons()).toHaveLength(1);
  });

  it('shows a saved purity as text with «ویرایش», and no box that looks unsaved', async () => {
    rows = [saved, final];
    renderApp('/lab/list');
    const edit = await screen.findByRole('button', { name: 'ویرایش عیار بسته ۹۹۹' });
    expect(screen.queryByLabelText('عیار بسته ۹۹۹')).not.toBeInTheDocument();
    expect(screen.getByText('۸۷۵')).toBeInTheDocument();
    // A purity that can no longer change has no «ویرایش».
    expect(screen.getByText('۷۴۰')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ویرایش عیار بسته ۹۹۸' })).not.toBeInTheDocument();
    // Nothing to save until a box is open.
    expect(saveButtons()).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(edit);
    const box = screen.getByLabelText('عیار بسته ۹۹۹');
    expect(box).toHaveValue('۸۷۵');
    await waitFor(() => expect(box).toHaveFocus());
    await user.clear(box);
    await user.type(box, '880');
    expect(box).toHaveValue('۸۸۰');
    expect(saveButtons()).toHaveLength(1);
    await user.click(saveButtons()[0]!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Tests/AddCutting'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/Tests/AddCutting'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual([{ id: saved.id, cutting: 880 }]);
    await waitFor(() => expect(screen.queryByLabelText('عیار بسته ۹۹۹')).not.toBeInTheDocument());
  });
});

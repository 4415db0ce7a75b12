import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TYPES } from '@ayar/contract';
import { STORAGE_KEYS } from '../lib/auth.ts';
import { offerUpdate } from '../lib/sw-update.ts';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';
import { AppRoutes } from './router.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

// Item 13 of issue 16: the PWA updated itself and could reload over a half-typed packet (ADR 0026).

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse({ successful: true, message: '', data });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/Tests/GetCode')) return ok(1000);
    if (url.includes('/Tests/AllTests')) return ok({ list: [], totalCount: 0, currPage: 1, pageSize: 1 });
    return ok(null);
  });
  sessionStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'bearer t');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ userId: 'w1', role: 'workshop', userFname: 'آزمایشگاه', testTypes: TEST_TYPES }),
  );
  localStorage.setItem(
    STORAGE_KEYS.settings,
    JSON.stringify({ labType: 1, showWeight: true, showSampleWeight: true, testType: TEST_TYPES[0].id }),
  );
});
afterEach(() => {
  act(() => offerUpdate(null));
  vi.unstubAllGlobals();
});

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <UpdatePrompt />
    </>,
    { route },
  );
}

describe('a new version', () => {
  it('is offered, not loaded by itself; «به‌روزرسانی» loads it', { timeout: 20_000 }, async () => {
    const activate = vi.fn(async () => {});
    const user = userEvent.setup();
    renderAt('/customer/list');
    expect(screen.queryByText('نسخهٔ تازه آماده است')).not.toBeInTheDocument();
    act(() => offerUpdate(activate));
    expect(await screen.findByText('نسخهٔ تازه آماده است')).toBeInTheDocument();
    expect(activate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it(
    'never reloads over a half-typed packet; once the packet is cleared it does',
    { timeout: 20_000 },
    async () => {
      const activate = vi.fn(async () => {});
      const user = userEvent.setup();
      renderAt('/lab/add');
      const purity = await screen.findByLabelText(/^عیار/);
      // The next number arrives (in whichever digits the field shows them); it is not input.
      await waitFor(() => expect(screen.getByLabelText(/^شماره بسته/)).not.toHaveValue(''));
      await user.type(purity, '75');
      act(() => offerUpdate(activate));
      await user.click(await screen.findByRole('button', { name: 'به‌روزرسانی' }));
      expect(await screen.findByText(/فرمی با اطلاعات ذخیره‌نشده باز است/)).toHaveAttribute('role', 'alert');
      expect(activate).not.toHaveBeenCalled();

      await user.clear(purity);
      await user.click(screen.getByRole('button', { name: 'به‌روزرسانی' }));
      expect(activate).toHaveBeenCalledTimes(1);
    },
  );

  it('«بعداً» puts the offer away', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderAt('/customer/list');
    act(() => offerUpdate(async () => {}));
    await user.click(await screen.findByRole('button', { name: 'بعداً' }));
    expect(screen.queryByText('نسخهٔ تازه آماده است')).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, TEST_TYPES } from '@ayar/contract';
import { offerUpdate } from '../lib/sw-update.ts';
import { renderWithProviders } from '../test/render.tsx';
import { handle, handleAny } from '../test/server.ts';
import { signInAs } from '../test/session.ts';
import { AppRoutes } from './router.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

// The PWA updated itself and could reload over a half-typed packet (ADR 0026).

beforeEach(() => {
  handleAny(null);
  handle(ROUTES.tests.getCode, 1000);
  handle(ROUTES.tests.allTests, { list: [], totalCount: 0, currPage: 1, pageSize: 1 });
  sessionStorage.clear();
  signInAs('workshop', {
    settings: { labType: 1, showWeight: true, showSampleWeight: true, testType: TEST_TYPES[0].id },
  });
});
afterEach(() => {
  act(() => offerUpdate(null));
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

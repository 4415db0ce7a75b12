import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render.tsx';
import { alertError, alertInfo, alertSuccess } from './alert.ts';

// An error toast lasted 3 s, too short to read (ADR 0026).

afterEach(() => vi.useRealTimers());

/** Mounts the toasts' container (it loads with the first alert), then lets the test own the clock. */
async function ready() {
  renderWithProviders(<></>);
  alertInfo('آماده');
  await screen.findByText('آماده');
  act(() => notifications.clean());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('alert toasts', () => {
  it('an error stays well past 3 s, at least 8 s, then goes', async () => {
    await ready();
    alertError('شماره بسته تکراری است');
    await flush();
    expect(screen.getByText('شماره بسته تکراری است')).toBeInTheDocument();
    await advance(8_000);
    expect(screen.getByText('شماره بسته تکراری است')).toBeInTheDocument();
    await advance(3_000);
    expect(screen.queryByText('شماره بسته تکراری است')).not.toBeInTheDocument();
  });

  it('a success still closes after 3 s', async () => {
    await ready();
    alertSuccess('عملیات با موفقیت انجام شد');
    await flush();
    expect(screen.getByText('عملیات با موفقیت انجام شد')).toBeInTheDocument();
    await advance(3_500);
    expect(screen.queryByText('عملیات با موفقیت انجام شد')).not.toBeInTheDocument();
  });

  it('an error can be dismissed at once', async () => {
    renderWithProviders(<></>);
    alertError('اتصال اینترنت قطع است.');
    expect(await screen.findByRole('alert')).toHaveTextContent('اتصال اینترنت قطع است.');
    fireEvent.click(screen.getByRole('button', { name: 'بستن پیام' }));
    await vi.waitFor(() => expect(screen.queryByText('اتصال اینترنت قطع است.')).not.toBeInTheDocument());
  });
  it('shows a message once while it is on screen, at the bottom, and again once it has gone', async () => {
    await ready();
    alertError('اتصال اینترنت قطع است.');
    alertError('اتصال اینترنت قطع است.');
    alertError('اتصال اینترنت قطع است.');
    alertSuccess('اتصال اینترنت قطع است.');
    await flush();
    // One error and one note of another kind, never three copies stacked over the page.
    expect(screen.getAllByText('اتصال اینترنت قطع است.')).toHaveLength(2);
    expect(screen.getByRole('alert').closest('[data-position]')).toHaveAttribute(
      'data-position',
      'bottom-center',
    );
    await advance(11_000);
    expect(screen.queryByText('اتصال اینترنت قطع است.')).not.toBeInTheDocument();
    alertError('اتصال اینترنت قطع است.');
    await flush();
    expect(screen.getAllByText('اتصال اینترنت قطع است.')).toHaveLength(1);
  });
});

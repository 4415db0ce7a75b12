import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { INSTALL_DISMISSED_KEY, InstallPrompt } from './InstallPrompt.tsx';

afterEach(() => localStorage.removeItem(INSTALL_DISMISSED_KEY));

/** The browser's offer to install, as Chromium sends it. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => void window.dispatchEvent(event));
}

function Screens() {
  return (
    <>
      <Link to="/lab/add">ثبت</Link>
      <Link to="/home">خانه</Link>
      <InstallPrompt />
    </>
  );
}

const offer = () => screen.queryByRole('dialog', { name: 'نصب برنامه' });

describe('the install offer', () => {
  it('never floats over a form: it waits on lab/add and shows once the person is on the home screen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screens />, { route: '/lab/add' });
    offerInstall();
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(offer()).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'خانه' }));
    await waitFor(() => expect(offer()).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'نصب' })).toBeInTheDocument();

    // Back on a form, it steps aside again.
    await user.click(screen.getByRole('link', { name: 'ثبت' }));
    await waitFor(() => expect(offer()).not.toBeInTheDocument());
  });

  it('shows on the landing page, and a dismissal is remembered', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screens />, { route: '/' });
    offerInstall();
    await waitFor(() => expect(offer()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(offer()).not.toBeInTheDocument());
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
  });
});

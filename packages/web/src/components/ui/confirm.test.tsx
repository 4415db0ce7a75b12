import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmAction } from './confirm.tsx';
import { renderWithProviders } from '../../test/render.tsx';

describe('confirmAction', () => {
  it('resolves true for the confirm button, which has the focus', async () => {
    renderWithProviders(<div />);
    const answer = confirmAction({ title: 'حذف', message: 'آیا مطمئن هستید؟', confirmLabel: 'حذف کن' });
    const button = await screen.findByRole('button', { name: 'حذف کن' });
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(button);
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false for cancel and for Escape', async () => {
    renderWithProviders(<div />);
    const first = confirmAction({ message: 'اول' });
    await userEvent.click(await screen.findByRole('button', { name: 'انصراف' }));
    await expect(first).resolves.toBe(false);

    const second = confirmAction({ message: 'دوم' });
    await screen.findByText('دوم');
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('a newer question cancels an unanswered one', async () => {
    renderWithProviders(<div />);
    const older = confirmAction({ message: 'قدیمی' });
    const newer = confirmAction({ message: 'جدید' });
    await expect(older).resolves.toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'بله' }));
    await expect(newer).resolves.toBe(true);
  });
});

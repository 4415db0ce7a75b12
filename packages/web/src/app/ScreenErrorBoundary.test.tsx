import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

let fail = true;
function Fragile() {
  if (fail) throw new Error('bad data');
  return <p>صفحه سالم</p>;
}

describe('a screen that fails to render', () => {
  it('shows an error in its place, and «تلاش دوباره» renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ScreenErrorBoundary resetKey="/dashboard">
        <Fragile />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('نمایش این صفحه با خطا مواجه شد');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(screen.getByText('صفحه سالم')).toBeInTheDocument();
  });
});

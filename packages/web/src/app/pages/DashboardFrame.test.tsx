import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { AdminDashboardFrame } from './DashboardFrame.tsx';

// A direct load of the admin's dashboard shows its frame while the screen's code arrives
// (the router's fallback), with the places the screen then fills, never a bare spinner.
describe('the admin dashboard’s frame', () => {
  it('shows the heading and the tiles’ places as labelled status skeletons', () => {
    renderWithProviders(<AdminDashboardFrame />);
    expect(screen.getByRole('heading', { name: 'داشبورد شبکه' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((el) => el.getAttribute('aria-label'))).toEqual([
      'در حال شمارش آزمایشگاه‌های جدید',
      'در حال بارگذاری خلاصه آمار',
      'در حال بارگذاری آزمایشگاه‌ها',
    ]);
  });
});

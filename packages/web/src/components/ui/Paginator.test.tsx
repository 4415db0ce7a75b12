import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Paginator } from './Paginator.tsx';
import { renderWithProviders } from '../../test/render.tsx';

describe('Paginator', () => {
  it('says «صفحه x از y» and the total in Persian digits, pages rounded up', () => {
    renderWithProviders(<Paginator page={2} pageSize={100} total={250} onChange={() => {}} />);
    expect(screen.getByText(/صفحه/)).toHaveTextContent('صفحه ۲ از ۳ — مجموع: ۲۵۰');
    expect(screen.getByRole('button', { name: 'صفحه ۳' })).toHaveTextContent('۳');
  });

  it('shows one page for an empty list and no links', () => {
    renderWithProviders(<Paginator page={1} pageSize={100} total={0} onChange={() => {}} />);
    expect(screen.getByText(/صفحه/)).toHaveTextContent('صفحه ۱ از ۱ — مجموع: ۰');
    expect(screen.queryByRole('button', { name: 'صفحه ۱' })).not.toBeInTheDocument();
  });

  it('calls onChange with the page clicked', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Paginator page={1} pageSize={10} total={35} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'صفحه ۴' }));
    expect(onChange).toHaveBeenCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'صفحه بعد' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});

import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { JalaliDateInput } from './JalaliDateInput.tsx';

// The date fields' calendar (docs/product.md §1.5): a Persian month grid from Saturday, today marked,
// picked by mouse or keyboard, min/max honoured; typing with Persian digits still works.

/** Saturday 7 Azar 1405 in Tehran. */
const NOW = new Date('2026-11-28T08:00:00Z');

let changes: string[] = [];

function Field(props: { initial?: string; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <JalaliDateInput
      label="از تاریخ"
      value={value}
      minDate={props.minDate}
      maxDate={props.maxDate}
      onChange={(v) => {
        changes.push(v);
        setValue(v);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'از تاریخ' });
const openButton = () => screen.getByRole('button', { name: 'انتخاب از تقویم' });
const day = (name: RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  changes = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('JalaliDateInput', () => {
  it('takes a date typed in Persian digits, adding the slashes', async () => {
    renderWithProviders(<Field />);
    await userEvent.type(field(), '۱۴۰۵۰۹۰۷');
    expect(field()).toHaveValue('۱۴۰۵/۰۹/۰۷');
    expect(changes.at(-1)).toBe('1405/09/07');
  });

  it('picks a day by mouse from a Persian month grid that starts on Saturday and marks today', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field />);
    await user.click(openButton());
    const grid = await screen.findByRole('grid', { name: 'آذر ۱۴۰۵' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('abbr'))).toEqual([
      'شنبه',
      'یک‌شنبه',
      'دوشنبه',
      'سه‌شنبه',
      'چهارشنبه',
      'پنج‌شنبه',
      'جمعه',
    ]);
    const today = day(/^شنبه ۷ آذر ۱۴۰۵، امروز$/);
    expect(today).toHaveAttribute('aria-current', 'date');
    // Azar 1405 starts on a Saturday: its first week's first cell is the 1st.
    expect(within(grid).getAllByRole('row')[1]?.querySelector('button')).toHaveTextContent('۱');

    await user.click(day(/^یک‌شنبه ۱۵ آذر ۱۴۰۵$/));
    expect(changes.at(-1)).toBe('1405/09/15');
    expect(field()).toHaveValue('۱۴۰۵/۰۹/۱۵');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
  });

  it('is driven by the keyboard: arrows, PageDown, Enter; Escape closes back to the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field initial="1405/09/10" />);
    openButton().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('grid', { name: 'آذر ۱۴۰۵' });
    // The field's day has the focus.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', '1405/09/10'));
    // Right to left: ArrowLeft is the next day, ArrowDown the next week, PageDown the next month.
    await user.keyboard('{ArrowLeft}{ArrowDown}{PageDown}');
    expect(await screen.findByRole('grid', { name: 'دی ۱۴۰۵' })).toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-date', '1405/10/18');
    await user.keyboard('{ArrowRight}{PageUp}{Enter}');
    expect(changes.at(-1)).toBe('1405/09/17');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(field()).toHaveFocus();

    await user.click(openButton());
    await screen.findByRole('grid');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(field()).toHaveFocus();
    expect(changes.at(-1)).toBe('1405/09/17');
  });

  it('offers only the days from min to max, both edges included', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Field minDate="1405/09/05" maxDate="1405/09/10" />);
    await user.click(openButton());
    await screen.findByRole('grid', { name: 'آذر ۱۴۰۵' });
    expect(day(/ ۴ آذر/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/ ۱۱ آذر/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/ ۵ آذر/)).not.toHaveAttribute('aria-disabled');
    expect(day(/ ۱۰ آذر/)).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'ماه بعد' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'ماه قبل' })).toBeDisabled();

    await user.click(day(/ ۱۱ آذر/));
    expect(changes).toEqual([]);
    // The keyboard stops at the edge: a week on from the 7th is the 10th.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-date', '1405/09/10');
    await user.keyboard('{Enter}');
    expect(changes).toEqual(['1405/09/10']);

    await user.click(openButton());
    await screen.findByRole('grid');
    await user.click(day(/ ۵ آذر/));
    expect(changes.at(-1)).toBe('1405/09/05');
  });
});

import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DigitsInput } from './DigitsInput.tsx';
import { renderWithProviders } from '../../test/render.tsx';

function Harness({
  onValue,
  digitsOnly,
  initial = '',
  decimal = false,
}: {
  onValue: (v: string) => void;
  digitsOnly?: boolean;
  initial?: string;
  decimal?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DigitsInput
      label="شماره بسته"
      value={value}
      digitsOnly={digitsOnly}
      {...(decimal ? { inputMode: 'decimal' as const } : {})}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('DigitsInput', () => {
  it('shows Persian digits and hands the form English ones, whichever digits are typed', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '12۳');
    expect(input).toHaveValue('۱۲۳');
    expect(onValue).toHaveBeenLastCalledWith('123');
  });

  it('shows a value the form already holds (a default such as 1000) in Persian digits', () => {
    renderWithProviders(<Harness onValue={() => {}} initial="1000" />);
    expect(screen.getByLabelText('شماره بسته')).toHaveValue('۱۰۰۰');
  });

  it('turns Arabic digits into English and drops non-digits', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '٤a5۶-');
    expect(input).toHaveValue('۴۵۶');
    expect(onValue).toHaveBeenLastCalledWith('456');
  });

  it('shows a decimal as the lists do, «۱۰٫۲۵», whether «.» or «٫» was typed, and hands the form «10.25»', async () => {
    for (const typed of ['۱۰.۲۵', '10٫25']) {
      const onValue = vi.fn();
      const { unmount } = renderWithProviders(<Harness onValue={onValue} digitsOnly={false} decimal />);
      const input = screen.getByLabelText('شماره بسته');
      await userEvent.type(input, typed);
      expect(input).toHaveValue('۱۰٫۲۵');
      expect(onValue).toHaveBeenLastCalledWith('10.25');
      unmount();
    }
    // A value the form already holds is shown the same way.
    renderWithProviders(<Harness onValue={() => {}} digitsOnly={false} decimal initial="2.5" />);
    expect(screen.getByLabelText('شماره بسته')).toHaveValue('۲٫۵');
  });

  it('keeps other characters when digitsOnly is off', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} digitsOnly={false} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '۰۲۱-88.5');
    expect(input).toHaveValue('۰۲۱-۸۸.۵');
    expect(onValue).toHaveBeenLastCalledWith('021-88.5');
  });

  it('keeps the caret where a digit was typed in the middle', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} initial="1256" />);
    const input = screen.getByLabelText('شماره بسته') as HTMLInputElement;
    await userEvent.click(input);
    input.setSelectionRange(2, 2);
    await userEvent.keyboard('34');
    expect(input).toHaveValue('۱۲۳۴۵۶');
    expect(onValue).toHaveBeenLastCalledWith('123456');
    expect(input.selectionStart).toBe(4);
  });

  it('is a left-to-right numeric field', () => {
    renderWithProviders(<Harness onValue={() => {}} />);
    const input = screen.getByLabelText('شماره بسته');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('dir', 'ltr');
  });
});

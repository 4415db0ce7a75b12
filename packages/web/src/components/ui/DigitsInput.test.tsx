import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DigitsInput } from './DigitsInput.tsx';
import { renderWithProviders } from '../../test/render.tsx';

function Harness({ onValue, digitsOnly }: { onValue: (v: string) => void; digitsOnly?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <DigitsInput
      label="شماره بسته"
      value={value}
      digitsOnly={digitsOnly}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('DigitsInput', () => {
  it('turns Persian digits into English digits as the user types', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '۱۲۳');
    expect(input).toHaveValue('123');
    expect(onValue).toHaveBeenLastCalledWith('123');
  });

  it('turns Arabic digits into English and drops non-digits', async () => {
    renderWithProviders(<Harness onValue={() => {}} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '٤a5۶-');
    expect(input).toHaveValue('456');
  });

  it('keeps other characters when digitsOnly is off', async () => {
    renderWithProviders(<Harness onValue={() => {}} digitsOnly={false} />);
    const input = screen.getByLabelText('شماره بسته');
    await userEvent.type(input, '۰۲۱-۸۸');
    expect(input).toHaveValue('021-88');
  });

  it('is a left-to-right numeric field', () => {
    renderWithProviders(<Harness onValue={() => {}} />);
    const input = screen.getByLabelText('شماره بسته');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('dir', 'ltr');
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { PasswordField } from './PasswordField.tsx';

describe('PasswordField', () => {
  it('keeps room for the eye at both inline ends of a left-to-right password in the RTL page', () => {
    renderWithProviders(<PasswordField label="رمز عبور" attributes={{ input: { dir: 'ltr' } }} />);
    const input = screen.getByLabelText('رمز عبور');
    expect(input.getAttribute('style')).toContain('padding-inline: var(--input-padding-inline-end)');
    expect(screen.getByRole('button', { name: 'نمایش رمز عبور' })).toBeInTheDocument();
  });

  it('marks the field itself invalid with its error', () => {
    renderWithProviders(<PasswordField label="رمز عبور جدید" error="رمز عبور کوتاه است" />);
    expect(screen.getByLabelText('رمز عبور جدید')).toHaveAttribute('aria-invalid', 'true');
  });
});

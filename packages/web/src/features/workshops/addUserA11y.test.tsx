import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render.tsx';
import { signInAs } from '../../test/session.ts';

// On manage/add-user the two password fields' errors were not tied to the fields, and their
// show-password buttons were named in English.

beforeEach(() => signInAs('admin'));

describe('manage/add-user password fields', () => {
  it('mark an error on the field itself and name it, and name the show-password buttons in Persian', async () => {
    const user = userEvent.setup();
    renderApp('/manage/add-user');
    await user.click(await screen.findByRole('button', { name: 'ایجاد آزمایشگاه' }));
    for (const label of [/^رمز عبور/, /^تکرار رمز عبور/]) {
      const field = screen.getByLabelText(label, { selector: 'input' });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const errorId = field
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('-error'));
      expect(errorId).toBeTruthy();
      expect(document.getElementById(errorId!)?.textContent).toBeTruthy();
      expect(field).toHaveAccessibleDescription(document.getElementById(errorId!)!.textContent!);
    }
    expect(screen.getByRole('button', { name: 'نمایش رمز عبور' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نمایش تکرار رمز عبور' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).not.toBeInTheDocument();
  });

  it('keeps a registration code of letters and digits as typed', async () => {
    const user = userEvent.setup();
    renderApp('/manage/add-user');
    const code = await screen.findByLabelText('کد مرجع');
    await user.type(code, 'AB12-7');
    expect(code).toHaveValue('AB12-7');
  });
});

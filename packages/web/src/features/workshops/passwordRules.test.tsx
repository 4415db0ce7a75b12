import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCommonPasswords, PASSWORD_MSG } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// ADR 0043: the forms that set a password refuse what the server refuses, with the same Persian reason,
// before anything is sent.

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** Types the password twice into the open form and submits it; answers the password's error text. */
async function tryPassword(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, password: string) {
  for (const name of ['password', 'confirmPassword']) {
    await user.clear(field(name));
    if (password) await user.type(field(name), password);
  }
  await user.click(within(form).getByRole('button', { name: /ایجاد آزمایشگاه|ثبت نام/ }));
  const input = screen.getByLabelText(/^رمز عبور/, { selector: 'input' });
  const errorId = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

// The strength check (zxcvbn) is loaded on demand: its first load takes seconds on a busy 2-core machine.
describe('a new password in the forms', { timeout: 20_000 }, () => {
  it('manage/add-user: blank, repeated, common and the user name, each at its edge', async () => {
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/manage/add-user');
    await screen.findByRole('button', { name: 'ایجاد آزمایشگاه' });
    // The list is fetched by the form itself; waiting for the same load here only orders the test.
    await loadCommonPasswords();
    const form = field('password').closest('form')!;
    await user.type(field('userName'), 'Golden-Scale');

    expect(await tryPassword(user, form, ' '.repeat(8))).toBe(PASSWORD_MSG.blank);
    expect(await tryPassword(user, form, 'aaaaaaaa')).toBe(PASSWORD_MSG.repeated);
    expect(await tryPassword(user, form, 'aaaaaaab')).toBeNull();
    expect(await tryPassword(user, form, 'Password')).toBe(PASSWORD_MSG.common);
    expect(await tryPassword(user, form, 'password-of-ayar-7')).toBeNull();
    expect(await tryPassword(user, form, 'elacs-nedlog')).toBe(PASSWORD_MSG.userName);
    expect(await tryPassword(user, form, 'golden-scale-1')).toBeNull();
    expect(requestsTo()).toEqual([]);
  });

  it('register: a common password is refused with its reason', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await loadCommonPasswords();
    const form = screen.getByRole('form', { name: 'ثبت نام آزمایشگاه' });
    expect(await tryPassword(user, form, 'iloveyou')).toBe(PASSWORD_MSG.common);
    expect(screen.getByText(PASSWORD_MSG.common)).toBeVisible();
  });
});

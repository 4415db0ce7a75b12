import { LIMITS } from '../constants.ts';

/**
 * The passwords people choose most, from breaches (NIST SP 800-63B 3.1.1.2): zxcvbn-ts's common list
 * (`@zxcvbn-ts/language-common`, ~49,000 entries, ADR 0043), of which only those a new password could
 * be (LIMITS.password.min characters or more) are kept. It is ~200 kB gzipped, so it is loaded on
 * demand: the server awaits it before it starts, a password form when it is shown (its own chunk in
 * the web app, never the landing page's).
 */
let words: ReadonlySet<string> | undefined;
let loading: Promise<void> | undefined;

export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => {
      words = new Set(dictionary['passwords-common'].filter((w) => w.length >= LIMITS.password.min));
    },
    (err: unknown) => {
      // A chunk that did not arrive (a lab's connection dropped) is asked for again next time.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Whether the list is loaded: until it is, `isCommonPassword` knows no password. */
export function commonPasswordsLoaded(): boolean {
  return words !== undefined;
}

/** Whether the password (in any case) is on the list. */
export function isCommonPassword(password: string): boolean {
  return words?.has(password.toLowerCase()) ?? false;
}

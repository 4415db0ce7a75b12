import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '@ayar/contract';
import { ConfigError, loadConfig } from '../../config.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

// ADR 0043 (NIST SP 800-63B 3.1.1.2): a new password is not blank, not a repetition, not a common
// password and not the user name, wherever it is set; each rule is tried on both sides of its edge.

let ctx: TestContext;
let admin: Record<string, string>;
let ip = 0;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await createSignedInUser(ctx, { role: 'admin' })).headers;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1.0${url}`,
    payload,
    headers,
    remoteAddress: `10.29.0.${(++ip % 250) + 1}`,
  });

/** [password, the message refusing it or null when it is accepted], each rule at its edge. */
const EDGES: [string, string | null][] = [
  [' '.repeat(8), PASSWORD_MSG.blank],
  [`${' '.repeat(7)}x`, null],
  ['aaaaaaaa', PASSWORD_MSG.repeated],
  ['aaaaaaab', null],
  ['abcdabcd', PASSWORD_MSG.repeated],
  ['abcdeabcde', null],
  ['password', PASSWORD_MSG.common],
  ['PassWord', PASSWORD_MSG.common],
  ['iloveyou', PASSWORD_MSG.common],
  ['password-of-ayar-7', null],
];

let n = 0;
const lab = (password: string, userName = `rules-lab-${++n}`) => ({
  fName: 'آزمایشگاه قاعده',
  fullName: 'مدیر',
  cellPhone: '',
  phone: '',
  userName,
  password,
  confirmPassword: password,
});

describe('a new password', () => {
  it.each(EDGES)('changing one’s own password to %j: %s', async (password, refusal) => {
    const headers = (await createSignedInUser(ctx)).headers;
    const res = await post(
      '/Account/ChangePassword',
      { oldPassword: 'correct horse battery', newPassword: password, confirmPassword: password },
      headers,
    );
    if (refusal === null) {
      expect(res.statusCode, res.body).toBe(200);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'newPassword', message: refusal }]);
    }
  });

  it.each(EDGES)('the admin creating a lab with %j: %s', async (password, refusal) => {
    const res = await post('/Manage/AddUser', lab(password), admin);
    if (refusal === null) {
      expect(res.statusCode, res.body).toBe(200);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', message: refusal }]);
    }
  });

  it('is not the user name, in any case or backwards, on every form that sets one', async () => {
    const userName = 'Golden-Scale';
    const refused = { field: 'password', message: PASSWORD_MSG.userName };
    for (const password of ['golden-scale', 'GOLDEN-SCALE', 'elacs-nedlog']) {
      const add = await post('/Manage/AddUser', lab(password, userName), admin);
      expect(add.statusCode).toBe(400);
      expect(add.json().errors).toEqual([refused]);
      const register = await post('/Account/AddPublicUser', lab(password, userName));
      expect(register.statusCode).toBe(400);
      expect(register.json().errors).toEqual([refused]);
    }
    expect((await post('/Manage/AddUser', lab('golden-scale-1', userName), admin)).statusCode).toBe(200);

    const id = (await post('/Manage/AddUser', lab('a-long-secret-1', 'scale-two'), admin)).json().data.id;
    const edit = (password: string) =>
      post('/Manage/EditUser', { ...lab(password, 'scale-two'), userId: id, isLabOwner: false }, admin);
    const byName = await edit('owt-elacs');
    expect(byName.statusCode).toBe(400);
    expect(byName.json().errors).toEqual([refused]);
    const common = await edit('football');
    expect(common.json().errors).toEqual([{ field: 'password', message: PASSWORD_MSG.common }]);
    expect((await edit('scale-two-and-more')).statusCode).toBe(200);

    const headers = (await createSignedInUser(ctx, { username: 'mirror-lab-2' })).headers;
    const own = await post(
      '/Account/ChangePassword',
      { oldPassword: 'correct horse battery', newPassword: '2-bal-rorrim', confirmPassword: '2-bal-rorrim' },
      headers,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual([{ field: 'newPassword', message: PASSWORD_MSG.userName }]);
  });
});

describe('ADMIN_PASSWORD at start', () => {
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it('refuses a weak one with the start error, and takes a good one', () => {
    expect(problem({ ADMIN_PASSWORD: 'password' })).toContain('ADMIN_PASSWORD: is one of the most common');
    expect(problem({ ADMIN_PASSWORD: ' '.repeat(8) })).toContain('ADMIN_PASSWORD: must not be only spaces');
    expect(problem({ ADMIN_PASSWORD: 'zzzzzzzz' })).toContain('ADMIN_PASSWORD: must not be one to four');
    expect(problem({ ADMIN_USERNAME: 'chief-admin', ADMIN_PASSWORD: 'nimda-feihc' })).toContain(
      'ADMIN_PASSWORD: must not be ADMIN_USERNAME',
    );
    expect(problem({ ADMIN_PASSWORD: 'first-start-password' })).toBeNull();
  });
});

import { otpDeliveriesSettled } from '../src/modules/auth/otp.service.ts';
import { createUser, type TestContext } from './helpers.ts';

const REQUEST = '/api/v1.0/Account/DisposableLogin';
const VERIFY = '/api/v1.0/Account/DisposableLoginOTP';

/**
 * What the one-time-code test files share: asking for a code, verifying one, a workshop with a mobile
 * and the codes queued for a mobile. Each file names its own address block (`ipPrefix`, e.g. `10.9.`)
 * and mobile prefix (`phonePrefix`, e.g. `0912`); `ctx` is a getter because test files build their app
 * in `beforeAll`, after this is called.
 */
export function otpHelpers(ctx: () => TestContext, opts: { ipPrefix: string; phonePrefix: string }) {
  let ip = 0;
  let phone = 0;

  /** Each call speaks from its own address so the per-address limits do not couple the tests. */
  const nextIp = () => `${opts.ipPrefix}${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  /** Asks for a code; the answer comes before the code is queued (ADR 0043). */
  const ask = (userName: string, from = nextIp()) =>
    ctx().app.inject({ method: 'POST', url: REQUEST, payload: { userName }, remoteAddress: from });
  /** Asks for a code and waits until it is queued. */
  async function requestCode(userName: string, from = nextIp()) {
    const res = await ask(userName, from);
    await otpDeliveriesSettled();
    return res;
  }
  const verify = (userName: string, code: string, from = nextIp()) =>
    ctx().app.inject({
      method: 'POST',
      url: VERIFY,
      payload: { userName, password: code },
      remoteAddress: from,
    });

  /** A workshop (active unless `status` says otherwise) with its own mobile. */
  async function workshopWithPhone(status: 0 | 1 | 5 = 1) {
    const cellPhone = `${opts.phonePrefix}${String(10_000_000 + ++phone).slice(1)}`;
    const user = await createUser(ctx().db, { status });
    await ctx().db.updateTable('users').set({ cellPhone }).where('id', '=', user.id).execute();
    return { ...user, cellPhone };
  }

  /** The codes queued for this phone, oldest first. */
  async function sentCodes(to: string): Promise<string[]> {
    const rows = await ctx()
      .db.selectFrom('messages')
      .select('text')
      .where('toNumber', '=', to)
      .orderBy('createdAt')
      .execute();
    return rows.map((r) => /(\d{6})/.exec(r.text)?.[1] ?? '');
  }

  return { nextIp, ask, requestCode, verify, workshopWithPhone, sentCodes };
}

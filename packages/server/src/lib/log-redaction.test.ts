import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../app.ts';
import { createSignedInUser, createTestApp, type TestContext } from '../../test/helpers.ts';
import { createLogger, REDACTION_MARK } from './logger.ts';

// ADR 0043: secrets that travel in addresses (the SMS webhook's path segment, a slip's /r/ token, a
// public photo's token, ResultByToken's query) never reach a log line, in either format.

const SMS_SECRET = 'sms-webhook-secret-0123456789abcdef';
const TOKEN = 'QRtokenQRtokenQRtoken1';
const SECRETS = [SMS_SECRET, TOKEN];

/** An app logging at info into `text`, as JSON lines or as a terminal's readable lines. */
async function appLoggingTo(tty: boolean) {
  const out = {
    text: '',
    isTTY: tty,
    hasColors: () => false,
    write(line: string) {
      out.text += line;
      return true;
    },
  };
  const ctx = await createTestApp({
    logger: createLogger('info', REDACTED_PATHS, out),
    smsReceive: { secret: SMS_SECRET, dailyLimit: 10 },
    extend: (app) => {
      // An error that prints its request's address, as an error about a request may.
      app.get('/api/v1.0/Probe/boom', { config: { audience: 'public' } }, async (request) => {
        throw new Error(`failed on ${request.url}`);
      });
    },
  });
  return { ctx, out };
}

async function requestsWithSecrets(ctx: TestContext) {
  const inject = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url });
  const answers = [
    await inject('POST', `/api/v1.0/Sms/Receive/${SMS_SECRET}`),
    await inject('GET', `/api/v1.0/Sms/Receive/${SMS_SECRET}?from=09120000000&message=1`),
    await inject('GET', `/r/${TOKEN}`),
    await inject('GET', `/api/v1.0/Tests/ResultByToken?token=${TOKEN}`),
    await inject('GET', `/api/v1.0/Results/Photo/${TOKEN}/0b8e4c7e-3f7a-4a43-9a55-3c2f1e0d9b11`),
    await inject('GET', `/api/v1.0/Probe/boom?token=${TOKEN}`),
  ];
  return answers.map((a) => a.statusCode);
}

/** A partner key and a webhook secret, each used as a partner uses them (ADR 0061, 0062). */
async function partnerSecrets(ctx: TestContext): Promise<string[]> {
  const admin = await createSignedInUser(ctx, { role: 'admin' });
  const issued = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Manage/PartnerKeys',
    headers: admin.headers,
    payload: { name: 'همکار', scopes: ['results:read', 'results:subscribe'] },
  });
  const key = issued.json<{ data: { key: string } }>().data.key;
  const headers = { 'x-api-key': key };
  const url = '/api/v1.0/Partner/Results';
  expect((await ctx.app.inject({ method: 'POST', url, headers, payload: { codes: [1] } })).statusCode).toBe(
    200,
  );
  const hook = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1.0/Partner/Webhooks',
    headers,
    payload: { url: 'https://203.0.113.10/events' },
  });
  expect(hook.statusCode, hook.body).toBe(200);
  return [key, hook.json<{ data: { secret: string } }>().data.secret];
}

for (const tty of [false, true]) {
  describe(`log lines ${tty ? 'for a terminal' : 'as JSON'}`, () => {
    let app: Awaited<ReturnType<typeof appLoggingTo>>;
    beforeAll(async () => (app = await appLoggingTo(tty)));
    afterAll(() => app.ctx.close());

    it('carry no webhook secret and no result token, and say where one was taken out', async () => {
      const statuses = await requestsWithSecrets(app.ctx);
      expect(statuses[0]).toBe(400);
      expect(statuses.at(-1)).toBe(500);
      const { text } = app.out;
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).toContain(`/Sms/Receive/${REDACTION_MARK}`);
      expect(text).toContain(`/r/${REDACTION_MARK}`);
      expect(text).toContain(`ResultByToken?token=${REDACTION_MARK}`);
      expect(text).toContain(`/Results/Photo/${REDACTION_MARK}/`);
      // The error's own message and stack, and the request it is shown under.
      expect(text).toContain(`failed on /api/v1.0/Probe/boom?token=${REDACTION_MARK}`);
      for (const secret of await partnerSecrets(app.ctx)) expect(app.out.text).not.toContain(secret);
      if (tty) expect(text).toMatch(/GET \/r\/\[Redacted\] 404/);
      else
        expect(
          text
            .split('\n')
            .filter(Boolean)
            .every((line) => JSON.parse(line)),
        ).toBe(true);
    });
  });
}

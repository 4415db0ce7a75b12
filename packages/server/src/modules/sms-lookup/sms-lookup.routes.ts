import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, envelopeSchema } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { notFound, validation } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { receiveSms } from './sms-lookup.service.ts';

/**
 * How much of a message is read: its first characters hold the packet number. A longer one (a
 * forwarded slip, a pasted page) is still answered, from the number in its start; the rest is never
 * parsed or stored.
 */
export const SMS_MESSAGE_READ_LIMIT = 1000;

/** What Kavenegar's receive webhook sends (as a form or a query string); other providers map to it. */
const incomingSchema = z.object({
  messageid: z.coerce.string().trim().min(1).max(100),
  from: z.string().trim().min(1).max(30),
  to: z.string().trim().max(30).optional(),
  message: z
    .string()
    .default('')
    .transform((text) => text.slice(0, SMS_MESSAGE_READ_LIMIT)),
});

export const smsReceiveResponseSchema = envelopeSchema(z.object({ outcome: z.string() }));

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/api/v1.0/Sms/Receive/<secret>`: the SMS provider delivers messages sent to the network's line here
 * (issue 17.4). Not in the contract's ROUTES: no client of the API calls it, only the provider, whose
 * only credential is the secret in the address. A wrong secret is a 404, as if nothing were here.
 */
export function smsLookupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const options = deps.smsReceive;
  if (!options) return;
  void app.register(async (scope) => {
    // Kavenegar posts an HTML form; JSON works too.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const handle = async (secret: string, input: unknown) => {
      if (!sameSecret(secret, options.secret)) throw notFound();
      const parsed = incomingSchema.safeParse(input);
      if (!parsed.success) {
        throw validation(
          parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })),
        );
      }
      const sms = parsed.data;
      const outcome = await receiveSms(
        deps.db,
        { messageId: sms.messageid, from: sms.from, message: sms.message },
        options.dailyLimit,
      );
      return ok({ outcome }, '');
    };
    const schema = {
      tags: ['results'],
      summary: 'Receives an SMS sent to the network line and answers it with the result it names',
      description:
        "The SMS provider's webhook, not a client's call: `messageid`, `from`, `to` and `message` as a form, " +
        'JSON or query string. `outcome`: answered, duplicate, limited or not-a-mobile. A wrong secret is ' +
        'NOT_FOUND.',
      params: z.object({ secret: z.string().max(200) }),
      response: { 200: smsReceiveResponseSchema },
    };
    // Per-sender limits apply instead: the provider's few addresses carry every sender's messages.
    const config = {
      audience: 'public' as const,
      rateLimit: false as const,
      example: {
        params: { secret: 'the-secret-of-SMS_RECEIVE_SECRET' },
        response: { successful: true, message: '', data: { outcome: 'answered' } },
      },
    };
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(`${API_PREFIX}/Sms/Receive/:secret`, { config, schema }, (request) =>
      handle(request.params.secret, request.body),
    );
    r.get(`${API_PREFIX}/Sms/Receive/:secret`, { config, schema }, (request) =>
      handle(request.params.secret, request.query),
    );
  });
}

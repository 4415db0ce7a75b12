import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES } from '@ayar/contract';
import { ok } from '../../lib/envelope.ts';
import { notFound, validation } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { api } from '../../plugins/api.ts';
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

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/api/v1.0/Sms/Receive/<secret>` (`ROUTES.sms`): the SMS provider delivers messages sent to the
 * network's line here (ADR 0029). No client of the API calls it, only the provider, whose only
 * credential is the secret in the address. A wrong secret is a 404, as if nothing were here: the
 * message is parsed only after the secret is checked, so its entries declare no body or query.
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
    // Per-sender limits apply instead: the provider's few addresses carry every sender's messages.
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const byForm = api(ROUTES.sms.receive);
    r.route({
      ...byForm,
      config: { ...byForm.config, rateLimit: false },
      handler: (request) => handle(request.params.secret, request.body),
    });
    const byQuery = api(ROUTES.sms.receiveByQuery);
    r.route({
      ...byQuery,
      config: { ...byQuery.config, rateLimit: false },
      handler: (request) => handle(request.params.secret, request.query),
    });
  });
}

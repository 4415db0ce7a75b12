import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PARTNER_LIMITS, PARTNER_MSG, ROUTES } from '@ayar/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/envelope.ts';
import { api } from '../../plugins/api.ts';
import { actorOf, currentPartner } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { resultsByNumbers } from '../results/results.service.ts';
import * as service from './partners.service.ts';
import * as webhooks from './webhooks.service.ts';

/** The administrator's partner keys and the partners' own routes (ADR 0061). */
export function partnersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    ...api(ROUTES.manage.partnerKeys),
    handler: async () => ok(await service.listKeys(db), ''),
  });
  r.route({
    ...api(ROUTES.manage.addPartnerKey),
    handler: async (request) =>
      ok(await service.issueKey(db, actorOf(request), request.body), PARTNER_MSG.issued),
  });
  r.route({
    ...api(ROUTES.manage.revokePartnerKey),
    handler: async (request) =>
      ok(await service.revokeKey(db, actorOf(request), request.body.id), PARTNER_MSG.revoked),
  });

  const results = api(ROUTES.partner.results);
  r.route({
    ...results,
    config: {
      ...results.config,
      // Per key, whatever the address: a partner behind several addresses is one caller.
      rateLimit: {
        max: PARTNER_LIMITS.callsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `partner:${currentPartner(request).id}`,
      },
    },
    handler: async (request) => {
      const partner = currentPartner(request);
      const answer = await resultsByNumbers(db, request.body.codes);
      // Every use is audited (ADR 0061): which key asked how much, from where.
      await writeAudit(db, {
        actorId: null,
        action: 'partner.results',
        entity: 'partnerKey',
        entityId: partner.id,
        after: { asked: request.body.codes.length, found: answer.list.length },
        ip: request.ip,
      });
      return ok(answer, '');
    },
  });

  r.route({
    ...api(ROUTES.partner.webhooks),
    handler: async (request) => ok(await webhooks.listWebhooks(db, currentPartner(request).id), ''),
  });
  r.route({
    ...api(ROUTES.partner.addWebhook),
    handler: async (request) =>
      ok(
        await webhooks.addWebhook(
          db,
          currentPartner(request).id,
          request.body.url,
          !!deps.webhookAllowPrivateTargets,
        ),
        '',
      ),
  });
  r.route({
    ...api(ROUTES.partner.deleteWebhook),
    handler: async (request) =>
      ok(await webhooks.deleteWebhook(db, currentPartner(request).id, request.body.id), ''),
  });
  r.route({
    ...api(ROUTES.manage.webhookDeliveries),
    handler: async (request) => ok(await webhooks.listDeliveries(db, request.query.state), ''),
  });
  r.route({
    ...api(ROUTES.manage.replayWebhookDelivery),
    handler: async (request) => ok(await webhooks.replayDelivery(db, request.body.id), PARTNER_MSG.replayed),
  });
}

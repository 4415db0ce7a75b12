import {
  PARTNER_LIMITS,
  PARTNER_MSG,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventBody,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { businessRule, conflict, notFound, validation } from '../../lib/errors.ts';
import { newSecret } from './signature.lib.ts';
import { targetProblem } from './webhook-target.lib.ts';
import * as repo from './webhooks.repository.ts';

// Partner webhooks (ADR 0062): a key's URLs, the events a signed version makes, the administrator's
// delivery log and replay. Sending is delivery.schedule.ts's.

const view = (row: { id: string; url: string; createdAt: Date }) => ({
  id: row.id,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhooks(db: Database, keyId: string) {
  return (await repo.liveWebhooks(db, keyId)).map(view);
}

/** `POST /Partner/Webhooks`: the URL and its signing secret, answered once. */
export async function addWebhook(db: Database, keyId: string, url: string, allowPrivate: boolean) {
  const problem = await targetProblem(url, allowPrivate);
  if (problem) throw validation([{ field: 'url', message: problem }]);
  if ((await repo.liveWebhooks(db, keyId)).length >= PARTNER_LIMITS.maxWebhooks)
    throw businessRule(PARTNER_MSG.tooManyWebhooks);
  const secret = newSecret();
  const row = await repo.insertWebhook(db, { keyId, url, secret });
  return { ...view(row), secret };
}

export async function deleteWebhook(db: Database, keyId: string, id: string): Promise<{ id: string }> {
  if (!(await repo.deleteWebhook(db, keyId, id))) throw notFound(PARTNER_MSG.webhookNotFound);
  return { id };
}

/** A signed version as an event, for every URL that may hear it: in the caller's transaction. */
export async function enqueueResultEvent(
  db: Database,
  version: { version: number; status: WebhookEventBody['data']['status']; docNumber: number; jws: string },
): Promise<void> {
  const type: WebhookEvent =
    version.status === 'withdrawn'
      ? 'result.withdrawn'
      : version.status === 'deleted'
        ? 'result.deleted'
        : version.version === 1
          ? 'result.published'
          : 'result.corrected';
  const body: WebhookEventBody = {
    type,
    timestamp: new Date().toISOString(),
    data: {
      docNumber: version.docNumber,
      version: version.version,
      status: version.status,
      jws: version.jws,
    },
  };
  await repo.enqueueEvent(db, type, JSON.stringify(body));
}

function deliveryView(row: NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>): WebhookDelivery {
  const body = JSON.parse(row.body) as WebhookEventBody;
  const state = row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'waiting';
  return {
    id: row.id,
    partner: row.partner,
    url: row.url,
    eventType: row.eventType as WebhookEvent,
    docNumber: body.data.docNumber,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    nextAttemptAt: state === 'waiting' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    state,
  };
}

export async function listDeliveries(
  db: Database,
  state?: WebhookDelivery['state'],
): Promise<WebhookDelivery[]> {
  return (await repo.listDeliveries(db, state, PARTNER_LIMITS.deliveriesShown)).map(deliveryView);
}

/** `POST /Manage/WebhookDeliveries/Replay`: the same event again, with a new day of retries. */
export async function replayDelivery(db: Database, id: string): Promise<WebhookDelivery> {
  const row = await repo.findDelivery(db, id);
  if (!row) throw notFound(PARTNER_MSG.deliveryNotFound);
  if (row.deliveredAt) throw conflict(PARTNER_MSG.delivered);
  if (!(await repo.requeue(db, id))) throw notFound(PARTNER_MSG.webhookNotFound);
  return deliveryView((await repo.findDelivery(db, id))!);
}

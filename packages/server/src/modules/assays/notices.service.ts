import { REY_TEST_TYPE_ID, pickTemplate, renderTemplate, splitTemplates } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { enqueueMessage } from '../../sms/outbox.ts';
import { effectiveSettings } from '../auth/auth.service.ts';
import { readSystemSettings } from '../system-settings/system-settings.service.ts';

/** Used when the admin has not written a template yet, so a customer is never left without word. */
const FALLBACK_TEMPLATES = {
  wait: 'بسته #d در آزمایشگاه #n ثبت شد؛ نتیجه حدود #t دقیقه دیگر آماده است.',
  ready: 'نتیجه بسته #d در آزمایشگاه #n: عیار #c',
} as const;

/** One workshop's texts: the ones its settings chose from the network's lists (ADR 0027), and rey. */
export interface Templates {
  wait: string;
  ready: string;
  /** '' when the administrator wrote none: no follow-up is sent. */
  rey: string;
}

/** The texts a workshop's messages use, read in the caller's transaction. */
export async function loadTemplates(db: Database, workshopSettings: unknown): Promise<Templates> {
  const system = await readSystemSettings(db);
  const chosen = effectiveSettings(workshopSettings);
  return {
    wait: pickTemplate(splitTemplates(system.get('WaitSMS')), chosen.waitSms) ?? FALLBACK_TEMPLATES.wait,
    ready: pickTemplate(splitTemplates(system.get('ReadySMS')), chosen.readySms) ?? FALLBACK_TEMPLATES.ready,
    rey: (system.get('RaySMS') ?? '').trim(),
  };
}

/** The rey SMS is due this long after the ready SMS, so the worker sends it second. */
const REY_DELAY_SECONDS = 60;

export interface NoticeTarget {
  id: string;
  workshopId: string;
  docNumber: number;
  purity: number | null;
  readyTime: number | null;
  testTypeId: string | null;
  sendSms: boolean;
  sendCall: boolean;
  to: string | null;
  labName: string;
  /** The packet's first purity (not a correction): the one the rey follow-up goes after. */
  firstPurity: boolean;
}

/**
 * Queues the wait message (no purity: #t ready time) or the ready message (#d number, #c purity, #n lab)
 * by SMS and/or call as the packet says, in the caller's transaction (docs/product.md §5.5). A melted-gold
 * packet's first purity is followed, a minute later, by the rey SMS (ADR 0027), by SMS only: it is a
 * text to keep.
 */
export async function notify(trx: Database, templates: Templates, p: NoticeTarget): Promise<void> {
  if (!p.to || (!p.sendSms && !p.sendCall)) return;
  const values = { d: p.docNumber, c: p.purity, n: p.labName, t: p.readyTime };
  const text = renderTemplate(p.purity === null ? templates.wait : templates.ready, values);
  const base = { to: p.to, workshopId: p.workshopId, assayId: p.id };
  if (p.sendSms) await enqueueMessage(trx, { ...base, kind: 'sms', text });
  if (p.sendCall) await enqueueMessage(trx, { ...base, kind: 'call', text });
  if (p.sendSms && p.firstPurity && p.purity !== null && p.testTypeId === REY_TEST_TYPE_ID && templates.rey) {
    const rey = renderTemplate(templates.rey, values);
    await enqueueMessage(trx, { ...base, kind: 'sms', text: rey, delaySeconds: REY_DELAY_SECONDS });
  }
}

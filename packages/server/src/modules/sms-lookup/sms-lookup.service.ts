import { normalizeMobile, toEnglishDigits } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { enqueueMessage } from '../../sms/outbox.ts';
import { findPublicResult } from '../results/results.service.ts';
import * as repo from './sms-lookup.repository.ts';
import { SMS_LOOKUP_TEXT, docNumberIn, resultText } from './sms-lookup.text.ts';

export interface IncomingSms {
  messageId: string;
  from: string;
  message: string;
}

/** What became of a delivered message; the webhook answers 200 whichever it is. */
export type LookupOutcome = 'answered' | 'duplicate' | 'limited' | 'not-a-mobile';

const DAY_MS = 86_400_000;

/**
 * A result asked for by SMS: the answer goes into the outbox like every message, at most `dailyLimit`
 * answers per sender in any 24 hours (the line must not be a way to walk the packet numbers), and a
 * provider id already seen answers nothing (providers repeat webhooks).
 */
export async function receiveSms(
  db: Database,
  sms: IncomingSms,
  dailyLimit: number,
  now: Date = new Date(),
): Promise<LookupOutcome> {
  const sender = normalizeMobile(sms.from);
  if (!sender) return 'not-a-mobile';
  const docNumber = docNumberIn(sms.message, toEnglishDigits);
  const item = docNumber === null ? null : await findPublicResult(db, docNumber);
  return db.transaction().execute(async (trx) => {
    await repo.lockSender(trx, sender);
    const answered = (await repo.answeredSince(trx, sender, new Date(now.getTime() - DAY_MS))) < dailyLimit;
    const recorded = await repo.recordLookup(trx, { messageId: sms.messageId, sender, docNumber, answered });
    if (!recorded) return 'duplicate';
    if (!answered) return 'limited';
    const text =
      docNumber === null
        ? SMS_LOOKUP_TEXT.help
        : item
          ? resultText(item)
          : SMS_LOOKUP_TEXT.notFound(docNumber);
    await enqueueMessage(trx, { to: sender, kind: 'sms', text });
    return 'answered';
  });
}

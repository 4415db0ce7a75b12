import { RESULT_VERSION_MSG, type WithdrawResultRequest } from '@ayar/contract';
import { businessRule } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/metrics.ts';
import { ADMIN_SCOPE } from '../../lib/scope.ts';
import { enqueueMessage } from '../../sms/outbox.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { currentResultStatus, recordResultVersion } from '../result-versions/result-versions.service.ts';
import type { Actor, PacketDeps } from './packet-view.service.ts';
import { lockOne, recipient } from './purity.service.ts';
import { personOf } from '../../lib/actor.ts';

/** The customer's SMS: the result is void, and why (digits as in every SMS Ayar sends). */
export const withdrawalText = (docNumber: number, labName: string, reason: string) =>
  `عیار: نتیجه بسته ${docNumber} (${labName}) باطل شد.\nعلت: ${reason}`;

/**
 * `POST /Manage/WithdrawResult` (SENAITE's retract, ADR 0029): the packet and its purity stay in the
 * record; a new signed version says the result is withdrawn, with the reason the public reads, and the
 * customer is sent an SMS where the packet sends SMS. A new purity later reissues it as another version.
 */
export async function withdrawResult(
  deps: PacketDeps,
  actor: Actor,
  input: WithdrawResultRequest,
): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await lockOne(trx, ADMIN_SCOPE, input.id);
    const status = await currentResultStatus(trx, row.id);
    if (status === 'withdrawn') throw businessRule(RESULT_VERSION_MSG.alreadyWithdrawn);
    if (status !== 'published' || row.purity === null) throw businessRule(RESULT_VERSION_MSG.notPublished);
    await recordResultVersion(trx, deps.resultSigner, {
      assayId: row.id,
      status: 'withdrawn',
      reason: input.reason,
      changedBy: personOf(actor),
    });
    // Told as the purity was (notices.service.ts `notify`): by SMS only where the packet sends SMS (its flag,
    // from the lab's and the customer's settings when it was registered or edited).
    const to = recipient(row);
    if (to && row.sendSms) {
      await enqueueMessage(trx, {
        to,
        kind: 'sms',
        text: withdrawalText(row.docNumber, row.labName, input.reason),
        workshopId: row.workshopId,
        assayId: row.id,
      });
    }
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'assay.withdraw',
      entity: 'assay',
      entityId: row.id,
      before: { purity: row.purity },
      after: { withdrawn: true, reason: input.reason },
      ip: actor.ip,
    });
  });
}

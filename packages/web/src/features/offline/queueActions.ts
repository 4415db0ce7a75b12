import { effectiveCustomerSettings } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { getUserSettings } from '../../lib/auth.ts';
import type { QueueEntry } from './db.ts';
import { freeNumbers, readDevice, takeIfFree, unclaimNumbers } from './device.ts';
import { getEntry, removeEntry, updateEntry } from './queue.ts';

// What the queue screen does to a refused entry: fix it and send it again, or discard it. Nothing
// leaves the queue otherwise but by reaching the server.

export interface EntryFix {
  /** A new packet number (add entries). */
  docNumber?: number;
  /** Another of the workshop's customers (add entries); its fee and SMS choice come with it. */
  customer?: CustomerSearchItem;
  /** A new purity (purity entries). */
  cutting?: number;
}

function fixed(entry: QueueEntry, fix: EntryFix): QueueEntry {
  const base = { ...entry, state: 'waiting' as const, error: undefined };
  if (entry.kind === 'addCutting') {
    const cutting = fix.cutting ?? entry.summary.cutting ?? entry.body[0]!.cutting;
    return {
      ...base,
      kind: 'addCutting',
      body: entry.body.map((item) => ({ ...item, cutting })),
      summary: { ...entry.summary, cutting },
    };
  }
  const settings = getUserSettings();
  const fee = fix.customer
    ? effectiveCustomerSettings(fix.customer.settings, { vage: settings.vage, sendSMS: settings.sendSMS })
    : null;
  // A new number is a new slip: the printed QR's token was made for the old one (ADR 0040), so the
  // server makes the packet's, and the sync asks for the slip to be printed again.
  const renumbered = fix.docNumber !== undefined && fix.docNumber !== entry.summary.docNumber;
  const body = entry.body.map(({ publicToken, ...draft }) => ({
    ...draft,
    ...(publicToken !== undefined && !renumbered ? { publicToken } : {}),
    ...(fix.docNumber !== undefined ? { docNumber: fix.docNumber } : {}),
    ...(fix.customer && fee
      ? {
          customerId: fix.customer.id,
          customerName: fix.customer.name,
          testFullName: null,
          testMobile: null,
          vage: fee.vage,
          mainVage: fee.vage,
          sendSMS: fee.sendSMS,
          sendCall: fee.sendSMS,
        }
      : {}),
  }));
  return {
    ...base,
    kind: 'addTest',
    body,
    summary: {
      ...entry.summary,
      docNumber: fix.docNumber ?? entry.summary.docNumber,
      customerName: fix.customer?.name ?? entry.summary.customerName,
    },
  };
}

/**
 * Fixes a refused entry and puts it back to wait in its place (its key kept: the refused request
 * stored nothing on the server). A new number this device holds is taken from its free ones and the
 * old one given back; any other number is the server's to judge.
 */
export async function resendEntry(
  userId: string,
  key: string,
  fix: EntryFix,
): Promise<QueueEntry | undefined> {
  const entry = await getEntry(key);
  if (!entry || entry.userId !== userId) return undefined;
  const before = entry.summary.docNumber;
  const renumbered = entry.kind === 'addTest' && fix.docNumber !== undefined && fix.docNumber !== before;
  if (renumbered) {
    await takeIfFree(userId, fix.docNumber!);
    await unclaimNumbers(userId, [before]);
  }
  return updateEntry(key, (current) => fixed(current, fix));
}

/** Drops an entry the clerk chose to discard (after confirming); its number is this device's again. */
export async function discardEntry(userId: string, key: string): Promise<void> {
  const entry = await getEntry(key);
  if (!entry || entry.userId !== userId) return;
  await removeEntry(key);
  if (entry.kind === 'addTest') await unclaimNumbers(userId, [entry.summary.docNumber]);
}

/** The lowest number this device holds free, for «شماره بعدی». */
export async function nextFreeNumber(userId: string): Promise<number | null> {
  const record = await readDevice(userId);
  return record ? (freeNumbers(record)[0] ?? null) : null;
}

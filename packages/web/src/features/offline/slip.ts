import type { LabDetail } from '@ayar/contract';
import { getUserSettings } from '../../lib/auth.ts';
import type { StoredUser } from '../../lib/auth.ts';
import type { AddTestEntry } from './db.ts';
import { getEntry } from './queue.ts';

export const NOT_QUEUED =
  'این بسته در صف ارسال نیست؛ اگر ارسال شده است، برگه آن را از لیست بسته‌ها چاپ کنید.';

/**
 * A queued packet as the slip prints it (ADR 0033): what the clerk typed, the number this device gave
 * it and the token it made, so the QR code points where the server will show the result. A packet
 * registered with its purity is published as version 1, which the QR carries (`?v=1`), unless the lab's
 * stored settings ask for a second person's «تأیید» (ADR 0050): then the purity waits, unpublished, and
 * the slip prints the packet as waiting (no version in the QR).
 */
export function slipPacket(
  entry: AddTestEntry,
  user: Pick<StoredUser, 'userId' | 'userFname'>,
  secondVerification: boolean = getUserSettings().requireSecondVerification,
): LabDetail {
  const draft = entry.body[0]!;
  const pending = secondVerification ? draft.cutting : null;
  const withPurity = draft.cutting !== null && pending === null;
  return {
    id: entry.key,
    customerId: draft.customerId,
    customerName: entry.summary.customerName,
    customerCode: null,
    type: draft.type ?? null,
    typeName: draft.typeName,
    docNumber: draft.docNumber,
    cutting: withPurity ? draft.cutting : null,
    title: draft.title,
    titleName: entry.summary.titleName,
    weight: draft.weight,
    readyTime: draft.readyTime,
    sendSMS: draft.sendSMS,
    sendCall: draft.sendCall,
    displayType: null,
    desc: draft.desc,
    sampleWeight: draft.sampleWeight,
    vage: draft.vage,
    vageType: 1,
    feeToman: 0,
    feeGold: 0,
    customerMobile: draft.testMobile,
    testFullName: draft.testFullName,
    testMobile: draft.testMobile,
    waitFor: !withPurity,
    canUpdate: false,
    canDelete: false,
    date: entry.createdAt,
    purityAt: withPurity ? entry.createdAt : null,
    resultVersion: withPurity ? 1 : null,
    resultAt: withPurity ? entry.createdAt : null,
    resultStatus: withPurity ? 'published' : null,
    platform: draft.platform,
    userId: user.userId,
    labName: user.userFname,
    userFullName: '',
    serialNo: null,
    forDelete: false,
    forDeleteDate: null,
    deleteDecline: null,
    deleted: false,
    deletedAt: null,
    publicToken: entry.summary.publicToken ?? '',
    images: draft.images,
    // Not known on the device: the server names the people when the entry is synced (ADR 0050).
    registeredBy: null,
    purityBy: null,
    verifiedBy: null,
    pendingCutting: pending,
    pendingBy: null,
    pendingById: null,
    pendingReason: null,
    returnedReason: null,
    // A purity typed at this device (ADR 0059).
    purityMethod: withPurity ? 'typed' : null,
    purityInstrument: null,
  };
}

/** The slip of a queued packet of this user; rejects with NOT_QUEUED when it is not in the queue. */
export async function queuedSlip(
  key: string,
  user: Pick<StoredUser, 'userId' | 'userFname'>,
): Promise<LabDetail> {
  const entry = await getEntry(key);
  if (!entry || entry.kind !== 'addTest' || entry.userId !== user.userId) throw new Error(NOT_QUEUED);
  return slipPacket(entry, user);
}

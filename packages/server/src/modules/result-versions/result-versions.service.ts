import {
  RESULT_JWS_TYPES,
  RESULT_VERSION_MSG,
  type ResultVersionsResponse,
  type SignedPhoto,
  type SignedResultV4,
  type StatusClaim,
  type VerifySlipRequest,
  type VerifySlipResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { countResultChange } from '../../lib/metrics.ts';
import type { Scope } from '../../lib/scope.ts';
import { AppError } from '../../lib/errors.ts';
import { signedFieldsById, type SignedFields } from '../results/results.service.ts';
import { canonicalJson, type CanonicalValue } from '../signing/canonical.lib.ts';
import { photoSha256s } from '../files/files.service.ts';
import type { ResultSigner } from '../signing/signer.lib.ts';
import * as repo from './result-versions.repository.ts';
import { statusClaim } from '../signing/status-index.lib.ts';
import { enqueueResultEvent } from '../partners/webhooks.service.ts';

export type { ResultStatus } from './result-versions.repository.ts';

/** What changed a published result, who did it, and why (required of a correction: ADR 0029). */
export interface ResultChange {
  assayId: string;
  /** Unset: the current version's (an edit keeps a withdrawn result withdrawn), else `published`. */
  status?: repo.ResultStatus;
  reason: string | null;
  changedBy: string | null;
  /** The request's field a missing reason is reported on: `reason`, or `<i>.reason` in a list. */
  reasonField?: string;
}

/**
 * The signed payload v2 (ADR 0041): every field the lookup shows, as it shows it, with the version's
 * number, state, time, the reason the page shows and its status list entry. A withdrawn or deleted
 * result carries no purity.
 */
export function resultPayload(
  fields: SignedFields,
  photos: SignedPhoto[],
  version: {
    version: number;
    state: repo.ResultStatus;
    at: Date;
    reason: string | null;
    status: StatusClaim;
  },
): SignedResultV4 {
  const published = version.state === 'published';
  return {
    docNumber: fields.docNumber,
    token: fields.token,
    lab: fields.lab,
    labCode: fields.labCode,
    customerName: fields.customerName,
    series: fields.series,
    testType: fields.testType,
    purity: version.state === 'published' ? fields.purity : null,
    weight: fields.weight,
    sampleWeight: fields.sampleWeight,
    readyTime: fields.readyTime,
    photos,
    registeredAt: fields.registeredAt,
    publishedAt: version.at.toISOString(),
    iat: Math.floor(version.at.getTime() / 1000),
    version: version.version,
    state: version.state,
    reason: version.reason,
    status: version.status,
    assayer: published ? fields.assayer : null,
    verifier: published ? fields.verifier : null,
    method: published ? fields.method : null,
    instrument: published ? fields.instrument : null,
  };
}

type Payload = { [name: string]: CanonicalValue };

/** What the version's own bookkeeping is: never a difference between two versions. */
const OWN = new Set(['publishedAt', 'iat', 'version', 'reason', 'status']);
/**
 * Differences that are no correction of the result (ADR 0041): its photos (added or removed) and the
 * lab's name and reference code as shown. A new version is signed so the page shows them signed, but
 * it needs no reason and the public is not told the result was corrected.
 */
const PRESENTATION = new Set(['photos', 'lab', 'labCode']);

/**
 * What payloads after v2 added: the staff codes (v3, ADR 0050) and the method (v4, ADR 0059). Against an
 * older version they are no difference by themselves, so an old result is not signed again for them.
 */
const LATER_FIELDS = new Set(['assayer', 'verifier', 'method', 'instrument']);

/** v1 payloads named the state `status` (ADR 0029), and covered only these fields. */
const V1_FIELDS = [
  'docNumber',
  'token',
  'lab',
  'testType',
  'purity',
  'weight',
  'sampleWeight',
  'registeredAt',
];

/**
 * How a new payload differs from the current version's: not at all; only in presentation; or in the
 * result itself (a correction, a withdrawal, a reissue, a deletion). Against a v1 version only what
 * v1 signed counts, so an old result's private edit does not sign it again.
 */
export function changeKind(previous: Payload, next: SignedResultV4): 'none' | 'presentation' | 'correction' {
  const isV1 = !('state' in previous);
  // Against an older version, the fields later payloads add are no difference by themselves.
  const names = isV1
    ? V1_FIELDS
    : Object.keys(next).filter((name) => !OWN.has(name) && (name in previous || !LATER_FIELDS.has(name)));
  const before: Payload = isV1 ? { ...previous, state: previous.status ?? null } : previous;
  const after = next as unknown as Payload;
  let kind: 'none' | 'presentation' | 'correction' = 'none';
  for (const name of isV1 ? [...names, 'state'] : names) {
    if (canonicalJson(before[name] ?? null) === canonicalJson(after[name] ?? null)) continue;
    if (!PRESENTATION.has(name)) return 'correction';
    kind = 'presentation';
  }
  return kind;
}

/**
 * A change to a result already published, published again (a correction, a reissue after a
 * withdrawal), without a reason: the public would read a new result with no word why (ADR 0029).
 */
export const reasonMissing = (field: string, docNumber: number) =>
  new AppError(400, 'VALIDATION', `علت اصلاح نتیجه بسته ${docNumber} را بنویسید`, [
    { field, message: RESULT_VERSION_MSG.reasonRequired },
  ]);

/** The packet's photos as signed: id and hash, in the page's order; one whose bytes are gone, left out. */
async function signedPhotos(db: Database, signer: ResultSigner, ids: string[]): Promise<SignedPhoto[]> {
  const hashes = await photoSha256s(db, signer.files, ids);
  return ids.flatMap((id) => {
    const sha256 = hashes.get(id);
    return sha256 ? [{ id, sha256 }] : [];
  });
}

/**
 * Signs the packet's public result as it now stands (in the caller's transaction, after its change)
 * and records it as the next version. Nothing is recorded while the packet has no purity and none was
 * ever published, nor when the public fields are the same as the current version's (an edit of a
 * private field). A new published version after the first that corrects the result needs a reason,
 * whoever makes it: without one this throws (a 400 on `reasonField`) and the caller's transaction
 * undoes its change. A version that changes only the photos or the lab's name as shown needs none and
 * keeps its predecessor's correction time and reason (ADR 0041). Answers the new version's number, or
 * null.
 */
export async function recordResultVersion(
  db: Database,
  signer: ResultSigner,
  change: ResultChange,
): Promise<number | null> {
  const fields = await signedFieldsById(db, change.assayId);
  if (!fields) return null;
  const previous = await repo.latestVersion(db, change.assayId);
  const state = change.status ?? previous?.status ?? 'published';
  if (!previous && (state !== 'published' || fields.purity === null)) return null;
  const version = (previous?.version ?? 0) + 1;
  const at = new Date();
  const photos = await signedPhotos(db, signer, fields.photoIds);
  const unsigned = { version, state, at, reason: null, status: { status_list: { idx: 0, uri: '' } } };
  const kind = previous
    ? changeKind(previous.payload as Payload, resultPayload(fields, photos, unsigned))
    : 'correction';
  if (kind === 'none') return null;
  const correction = kind === 'correction';
  if (correction && version > 1 && state === 'published' && !change.reason?.trim()) {
    throw reasonMissing(change.reasonField ?? 'reason', fields.docNumber);
  }
  // An edit of a shown field while the result stays withdrawn (or deleted) changes nothing of its
  // standing: the public keeps reading the withdrawal's time and reason, not the edit's (ADR 0041).
  const standingKept = !correction || (previous?.status === state && state !== 'published');
  const changedAt = standingKept ? (previous?.changedAt ?? null) : version > 1 ? at : null;
  const reason = standingKept ? (previous?.reason ?? null) : change.reason;
  const statusIdx = await repo.nextStatusIndex(db);
  const payload = resultPayload(fields, photos, {
    version,
    state,
    at,
    // The reason the page shows: a correction's or withdrawal's, none with the first publication.
    reason: changedAt && reason?.trim() ? reason : null,
    status: statusClaim(signer.publicUrl, statusIdx),
  });
  const jws = await signer.signToken(RESULT_JWS_TYPES.v4, payload);
  await repo.insertVersion(db, {
    assayId: change.assayId,
    version,
    status: state,
    purity: payload.purity,
    payload: JSON.stringify(payload),
    jws,
    reason,
    changedBy: change.changedBy,
    purityBy: fields.purityBy,
    verifiedBy: fields.verifiedBy,
    // The row's time is the signed one: the lookup's signedAt and the JWS's publishedAt agree.
    createdAt: at,
    statusIdx,
    changedAt,
  });
  if (correction) {
    countResultChange(db, state, previous?.status);
    // Partners subscribed to results hear of it, in this transaction (ADR 0062).
    await enqueueResultEvent(db, { version, status: state, docNumber: fields.docNumber, jws });
  }
  return version;
}

/** The status of the packet's current version, or null when nothing was ever published. */
export async function currentResultStatus(db: Database, assayId: string): Promise<repo.ResultStatus | null> {
  return (await repo.latestVersion(db, assayId))?.status ?? null;
}

/**
 * The history labs and admins see: every version, oldest first. A packet outside the scope (another
 * lab's, or a workshop's deleted one) is the same 404 as a missing one.
 */
export async function resultVersions(
  db: Database,
  scope: Scope,
  assayId: string,
): Promise<ResultVersionsResponse> {
  if (!(await repo.packetVisible(db, scope, assayId))) throw notFound();
  const rows = await repo.listVersions(db, scope, assayId);
  return {
    list: rows.map((v) => ({
      version: v.version,
      status: v.status,
      purity: v.purity,
      reason: v.reason,
      at: v.createdAt.toISOString(),
      byRole: v.changedByRole === 'admin' || v.changedByRole === 'workshop' ? v.changedByRole : null,
      jws: v.jws,
    })),
  };
}

/**
 * `POST /Tests/VerifySlip` (ADR 0029): what a printed number and purity are against the live result.
 * A result published before versions existed (no version row) is compared with the packet's purity.
 */
export async function verifySlip(db: Database, input: VerifySlipRequest): Promise<VerifySlipResponse> {
  const row = await repo.currentForSlip(db, input.code);
  const none = { purity: null, version: null, changedAt: null, reason: null };
  if (!row) return { outcome: 'not-found', ...none };
  const status = row.status ?? (row.assayPurity === null ? null : 'published');
  const purity = row.status ? row.versionPurity : row.assayPurity;
  // A version that only changed photos is no correction: the last correction's time (ADR 0041).
  const changedAt = row.changedAt?.toISOString() ?? null;
  const current = { version: row.version, changedAt, reason: row.reason };
  if (status === 'withdrawn') return { outcome: 'withdrawn', purity: null, ...current };
  if (status !== 'published' || purity === null) return { outcome: 'pending', ...none };
  return { outcome: purity === input.purity ? 'matches' : 'outdated', purity, ...current };
}

import {
  RESULT_VERSION_MSG,
  type ResultVersionsResponse,
  type VerifySlipRequest,
  type VerifySlipResponse,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/scope.ts';
import { AppError } from '../../lib/errors.ts';
import { signedFieldsById, type SignedFields } from '../results/results.service.ts';
import { canonicalJson, type CanonicalValue } from '../signing/canonical.ts';
import type { ResultSigner } from '../signing/signer.ts';
import * as repo from './result-versions.repository.ts';

export type { ResultStatus } from './result-versions.repository.ts';

/** What changed a published result, who did it, and why (required of a correction: issue 17.3). */
export interface ResultChange {
  assayId: string;
  /** Unset: the current version's (an edit keeps a withdrawn result withdrawn), else `published`. */
  status?: repo.ResultStatus;
  reason: string | null;
  changedBy: string | null;
  /** The request's field a missing reason is reported on: `reason`, or `<i>.reason` in a list. */
  reasonField?: string;
}

type Payload = { [name: string]: CanonicalValue };

/**
 * The signed payload (ADR 0029): the public fields as the lookup shows them, with the version's
 * number, status and time. A withdrawn or deleted result carries no purity.
 */
export function resultPayload(
  fields: SignedFields,
  version: { version: number; status: repo.ResultStatus; at: Date },
): Payload {
  return {
    docNumber: fields.docNumber,
    lab: fields.lab,
    testType: fields.testType,
    purity: version.status === 'published' ? fields.purity : null,
    weight: fields.weight,
    sampleWeight: fields.sampleWeight,
    registeredAt: fields.registeredAt,
    publishedAt: version.at.toISOString(),
    version: version.version,
    status: version.status,
    token: fields.token,
  };
}

/** The fields a new version must differ in: all but its own number and time. */
const substance = (payload: Payload) => {
  const { publishedAt: _at, version: _v, ...rest } = payload;
  return canonicalJson(rest);
};

/**
 * A change to a result already published, published again (a correction, a reissue after a
 * withdrawal), without a reason: the public would read a new result with no word why (issue 17.3).
 */
const reasonMissing = (field: string, docNumber: number) =>
  new AppError(400, 'VALIDATION', `علت اصلاح نتیجه بسته ${docNumber} را بنویسید`, [
    { field, message: RESULT_VERSION_MSG.reasonRequired },
  ]);

/**
 * Signs the packet's public result as it now stands (in the caller's transaction, after its change)
 * and records it as the next version. Nothing is recorded while the packet has no purity and none was
 * ever published, nor when the public fields are the same as the current version's (an edit of a
 * private field). A new published version after the first needs a reason, whoever makes it: without
 * one this throws (a 400 on `reasonField`) and the caller's transaction undoes its change. Answers the
 * new version's number, or null.
 */
export async function recordResultVersion(
  db: Database,
  signer: ResultSigner,
  change: ResultChange,
): Promise<number | null> {
  const fields = await signedFieldsById(db, change.assayId);
  if (!fields) return null;
  const previous = await repo.latestVersion(db, change.assayId);
  const status = change.status ?? previous?.status ?? 'published';
  if (!previous && (status !== 'published' || fields.purity === null)) return null;
  const version = (previous?.version ?? 0) + 1;
  const at = new Date();
  const payload = resultPayload(fields, { version, status, at });
  if (previous && substance(previous.payload as Payload) === substance(payload)) return null;
  if (version > 1 && status === 'published' && !change.reason?.trim()) {
    throw reasonMissing(change.reasonField ?? 'reason', fields.docNumber);
  }
  await repo.insertVersion(db, {
    assayId: change.assayId,
    version,
    status,
    purity: payload.purity as number | null,
    payload: JSON.stringify(payload),
    jws: await signer.sign(payload),
    reason: change.reason,
    changedBy: change.changedBy,
    // The row's time is the signed one: the lookup's signedAt and the JWS's publishedAt agree.
    createdAt: at,
  });
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
 * `POST /Tests/VerifySlip` (issue 17.2): what a printed number and purity are against the live result.
 * A result published before versions existed (no version row) is compared with the packet's purity.
 */
export async function verifySlip(db: Database, input: VerifySlipRequest): Promise<VerifySlipResponse> {
  const row = await repo.currentForSlip(db, input.code);
  const none = { purity: null, version: null, changedAt: null, reason: null };
  if (!row) return { outcome: 'not-found', ...none };
  const status = row.status ?? (row.assayPurity === null ? null : 'published');
  const purity = row.status ? row.versionPurity : row.assayPurity;
  const changedAt = row.version !== null && row.version > 1 ? row.at!.toISOString() : null;
  const current = { version: row.version, changedAt, reason: row.reason };
  if (status === 'withdrawn') return { outcome: 'withdrawn', purity: null, ...current };
  if (status !== 'published' || purity === null) return { outcome: 'pending', ...none };
  return { outcome: purity === input.purity ? 'matches' : 'outdated', purity, ...current };
}

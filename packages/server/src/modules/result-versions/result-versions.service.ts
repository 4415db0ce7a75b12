import type { ResultItem } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { publicItemById } from '../results/results.service.ts';
import { canonicalJson, type CanonicalValue } from '../signing/canonical.ts';
import type { ResultSigner } from '../signing/signer.ts';
import * as repo from './result-versions.repository.ts';

export type { ResultStatus } from './result-versions.repository.ts';

/** What changed a published result, and who did it; the reason is required of admins (issue 17.3). */
export interface ResultChange {
  assayId: string;
  status: repo.ResultStatus;
  reason: string | null;
  changedBy: string | null;
}

type Payload = { [name: string]: CanonicalValue };

/**
 * The signed payload (ADR 0029): the public fields as the lookup shows them, with the version's
 * number, status and time. A withdrawn or deleted result carries no purity.
 */
export function resultPayload(
  item: ResultItem,
  version: { version: number; status: repo.ResultStatus; at: Date },
): Payload {
  return {
    docNumber: item.docNumber,
    lab: item.name,
    testType: item.title,
    purity: version.status === 'published' ? item.purity : null,
    weight: item.weight,
    sampleWeight: item.sampleWeight,
    registeredAt: item.createDate,
    publishedAt: version.at.toISOString(),
    version: version.version,
    status: version.status,
    token: item.token,
  };
}

/** The fields a new version must differ in: all but its own number and time. */
const substance = (payload: Payload) => {
  const { publishedAt: _at, version: _v, ...rest } = payload;
  return canonicalJson(rest);
};

/**
 * Signs the packet's public result as it now stands (in the caller's transaction, after its change)
 * and records it as the next version. Nothing is recorded while the packet has no purity and none was
 * ever published, nor when the public fields are the same as the current version's (an edit of a
 * private field). Answers the new version's number, or null.
 */
export async function recordResultVersion(
  db: Database,
  signer: ResultSigner,
  change: ResultChange,
): Promise<number | null> {
  const item = await publicItemById(db, change.assayId);
  if (!item) return null;
  const previous = await repo.latestVersion(db, change.assayId);
  if (!previous && (change.status !== 'published' || item.purity === null)) return null;
  const version = (previous?.version ?? 0) + 1;
  const payload = resultPayload(item, { version, status: change.status, at: new Date() });
  if (previous && substance(previous.payload as Payload) === substance(payload)) return null;
  await repo.insertVersion(db, {
    assayId: change.assayId,
    version,
    status: change.status,
    purity: payload.purity as number | null,
    payload: JSON.stringify(payload),
    jws: await signer.sign(payload),
    reason: change.reason,
    changedBy: change.changedBy,
  });
  return version;
}

export const resultVersions = (db: Database, assayId: string) => repo.listVersions(db, assayId);

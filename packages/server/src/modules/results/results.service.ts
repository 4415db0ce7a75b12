import { RESULT_MSG, resultPhotoAddress } from '@ayar/contract';
import type {
  PublicResultStatus,
  ResultItem,
  ResultResponse,
  SignedResultV1,
  SignedResultV2,
  SignedResultV3,
  SignedResultV4,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { openPhotoFile } from '../files/files.service.ts';
import * as repo from './results.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Minutes until the result is due: ready time − minutes since registration, floored, at least 0. */
export function remainingMinutes(readyTime: number | null, createdAt: Date, now: Date = new Date()): number {
  if (readyTime === null) return 0;
  const elapsed = (now.getTime() - createdAt.getTime()) / 60_000;
  return Math.max(0, Math.floor(readyTime - elapsed));
}

const grams = (mg: number | null) => (mg === null ? null : mg / 1000);

/**
 * What the lab's report settings let the public see of the type and the weights. The lookup shows
 * these and every signed version carries them as shown (ADR 0029), so both read them from here.
 */
function shownDetails(row: repo.PublicResultRow) {
  return {
    title: row.showTypeForReport ? row.typeName : null,
    weight: row.showWeightForReport ? grams(row.goldWeightMg) : null,
    sampleWeight: row.showSampleWeightForReport ? grams(row.sampleWeightMg) : null,
  };
}

/** The current version's payload and which one it is; null when nothing is signed. */
function signedPayloadOf(row: repo.PublicResultRow): SignedPayload | null {
  const payload = row.signedPayload as Record<string, unknown> | null;
  if (!payload) return null;
  // v3 (ADR 0050) is v2 with the staff codes, v4 (ADR 0059) v3 with the method: read alike, the
  // newer fields absent from the older payloads.
  return 'state' in payload
    ? { v: 2, payload: payload as LaterPayload }
    : { v: 1, payload: payload as SignedResultV1 };
}
type LaterPayload = SignedResultV2 &
  Partial<Pick<SignedResultV3, 'assayer' | 'verifier'>> &
  Partial<Pick<SignedResultV4, 'method' | 'instrument'>>;
type SignedPayload = { v: 2; payload: LaterPayload } | { v: 1; payload: SignedResultV1 };

/**
 * How the shown purity was measured (ADR 0059): as signed by a v4 version; otherwise the packet's own
 * record, which the page shows outside the signature. None without a shown purity.
 */
function methodOf(row: repo.PublicResultRow, purity: number | null, signed: LaterPayload | null) {
  if (purity === null) return { method: null, instrument: null };
  if (signed && 'method' in signed)
    return { method: signed.method ?? null, instrument: signed.instrument ?? null };
  return { method: row.purityMethod, instrument: row.purityInstrument };
}

/**
 * Where the public result stands (ADR 0029): withdrawn when its current version says so; published
 * when it has a purity (signed, or published before versions existed); else pending.
 */
function publicStatus(withdrawn: boolean, purity: number | null): PublicResultStatus {
  if (withdrawn) return 'withdrawn';
  return purity === null ? 'pending' : 'published';
}

/**
 * The current signed version's time, and when and why the result was last corrected or withdrawn: a
 * version that only changed its photos or the lab's name keeps its predecessor's (ADR 0041).
 */
function versionFields(row: repo.PublicResultRow) {
  const version = row.resultAt === null ? null : row.resultVersion;
  const changedAt = row.resultChangedAt?.toISOString() ?? null;
  return {
    version,
    signedAt: row.resultAt?.toISOString() ?? null,
    changedAt,
    changeReason: changedAt === null ? null : row.resultReason,
    jws: row.jws,
  };
}

/**
 * The item of a v2 version: every field the payload covers is the signed value (ADR 0041), so a lab
 * renamed or a report setting changed after publication leaves the page showing what was signed.
 */
function signedItem(row: repo.PublicResultRow, p: LaterPayload, now: Date): ResultItem {
  const status = publicStatus(p.state === 'withdrawn', p.purity);
  const signed = versionFields(row);
  const purity = status === 'withdrawn' ? null : p.purity;
  return {
    token: p.token,
    docNumber: p.docNumber,
    customerName: p.customerName,
    series: p.series,
    purity,
    ...methodOf(row, purity, p),
    name: p.lab,
    rejeCode: p.labCode,
    createDate: p.registeredAt,
    remain: status === 'pending' ? remainingMinutes(row.readyTime, row.createdAt, now) : 0,
    title: p.testType,
    weight: p.weight,
    sampleWeight: p.sampleWeight,
    readyTime: p.readyTime,
    images: p.photos.map((photo) => resultPhotoAddress(p.token, photo.id)),
    status,
    version: signed.version,
    signedAt: signed.signedAt,
    changedAt: signed.changedAt,
    changeReason: p.reason,
    assayerCode: p.assayer ?? null,
    verifierCode: p.verifier ?? null,
    jws: signed.jws,
  };
}

/**
 * The public item of docs/product.md §2.2 / §3.4. The lab's report settings decide what else is shown: the
 * customer's name (showCustomerNameForReport), the type (showTypeForReport), the weights
 * (showWeightForReport, showSampleWeightForReport) and the ready time (showReadyTimeForReport).
 * The purity, the lab, the number and its date are the result itself and always shown; a mobile never.
 * The current signed version (ADR 0029) comes with it, so the page can verify what it shows: a v2
 * version's values are shown as signed; a v1 version's own fields (lab, type, weights, purity) as it
 * signed them and the rest live, which the page shows outside its verified badge (ADR 0041).
 */
export function toResultItem(row: repo.PublicResultRow, now: Date = new Date()): ResultItem {
  const signedPayload = signedPayloadOf(row);
  if (signedPayload?.v === 2) return signedItem(row, signedPayload.payload, now);
  const v1 = signedPayload?.payload ?? null;
  const shown = v1
    ? { title: v1.testType, weight: v1.weight, sampleWeight: v1.sampleWeight }
    : shownDetails(row);
  const purity = v1 ? v1.purity : row.purity;
  const status = publicStatus(row.resultStatus === 'withdrawn', purity);
  const signed = versionFields(row);
  const shownPurity = status === 'withdrawn' ? null : purity;
  // One literal, not spread from the two: it is built for every lookup (ADR 0039).
  return {
    token: row.publicToken,
    docNumber: row.docNumber,
    customerName: shownCustomerName(row),
    series: row.serialNo,
    // A withdrawn result shows no purity (ADR 0029); the packet keeps it in the record.
    purity: shownPurity,
    method: shownPurity === null ? null : row.purityMethod,
    instrument: shownPurity === null ? null : row.purityInstrument,
    name: v1 ? v1.lab : row.labName,
    rejeCode: shownLabCode(row),
    createDate: row.createdAt.toISOString(),
    remain: status === 'pending' ? remainingMinutes(row.readyTime, row.createdAt, now) : 0,
    title: shown.title,
    weight: shown.weight,
    sampleWeight: shown.sampleWeight,
    readyTime: row.showReadyTimeForReport ? row.readyTime : null,
    images: row.imageIds.map((id) => resultPhotoAddress(row.publicToken, id)),
    status,
    version: signed.version,
    signedAt: signed.signedAt,
    changedAt: signed.changedAt,
    changeReason: signed.changeReason,
    assayerCode: null,
    verifierCode: null,
    jws: signed.jws,
  };
}

const shownCustomerName = (row: repo.PublicResultRow) =>
  row.showCustomerNameForReport ? (row.customerName ?? row.otherOwnerName) : null;
const shownLabCode = (row: repo.PublicResultRow) => (row.rejeCode?.trim() ? row.rejeCode : null);

/** `POST /Tests/Result`: the packet with this number, unless it is deleted; 404 otherwise. */
export async function resultByNumber(db: Database, docNumber: number): Promise<ResultResponse> {
  const row = await repo.findByDocNumber(db, docNumber);
  if (!row) throw notFound(RESULT_MSG.notFound);
  return { list: [toResultItem(row)] };
}

/**
 * `POST /Partner/Results` (ADR 0061): the public items of these numbers, in the order asked, and the
 * numbers with none (unknown and deleted alike, as the public lookup answers them).
 */
export async function resultsByNumbers(
  db: Database,
  docNumbers: readonly number[],
): Promise<{ list: ResultItem[]; missing: number[] }> {
  const asked = [...new Set(docNumbers)];
  const rows = await repo.findByDocNumbers(db, asked);
  const now = new Date();
  const byNumber = new Map(rows.map((row) => [row.docNumber, toResultItem(row, now)]));
  return {
    list: asked.flatMap((n) => byNumber.get(n) ?? []),
    missing: asked.filter((n) => !byNumber.has(n)),
  };
}

/** A public item and where its result stands: withdrawn, or corrected since its first publication. */
export type PublicResult = ResultItem & { withdrawn: boolean; corrected: boolean };

/** The public item of the packet with this number, or null (a lookup by SMS answers either way). */
export async function findPublicResult(db: Database, docNumber: number): Promise<PublicResult | null> {
  const row = await repo.findByDocNumber(db, docNumber);
  if (!row) return null;
  const item = toResultItem(row);
  const withdrawn = item.status === 'withdrawn';
  // A version that only changed photos (or the lab's name) is no correction: its changedAt is its
  // predecessor's (ADR 0041).
  return { ...item, withdrawn, corrected: !withdrawn && item.changedAt !== null };
}

/**
 * The public fields a signed version is made of (ADR 0041), before its own number, state, time, reason
 * and status entry: every field the lookup shows, as the lab's settings show it now, and the packet's
 * own purity — the version being made decides whether it carries it (a withdrawn or deleted one does
 * not), not the current one. Photos are ids in the page's order; the signer adds their hashes.
 */
export interface SignedFields {
  docNumber: number;
  token: string;
  lab: string;
  labCode: string | null;
  customerName: string | null;
  series: number | null;
  testType: string | null;
  purity: number | null;
  weight: number | null;
  sampleWeight: number | null;
  readyTime: number | null;
  photoIds: string[];
  registeredAt: string;
  /** How the purity was measured and the instrument of an import (ADR 0059), null without one. */
  method: 'typed' | 'xrf' | 'fire' | null;
  instrument: string | null;
  /** Staff codes of who recorded and who verified the purity (ADR 0050), null without one. */
  assayer: number | null;
  verifier: number | null;
  /** Their ids, recorded on the version (not signed). */
  purityBy: string | null;
  verifiedBy: string | null;
}

/** A packet's signed fields, deleted ones included (a deletion is signed too), or null when it is missing. */
export async function signedFieldsById(db: Database, id: string): Promise<SignedFields | null> {
  const row = await repo.findAnyById(db, id);
  if (!row) return null;
  const shown = shownDetails(row);
  const people = await repo.purityPeopleCodes(db, id);
  return {
    docNumber: row.docNumber,
    token: row.publicToken,
    lab: row.labName,
    labCode: shownLabCode(row),
    customerName: shownCustomerName(row),
    series: row.serialNo,
    testType: shown.title,
    purity: row.purity,
    method: row.purity === null ? null : (row.purityMethod ?? 'typed'),
    instrument: row.purity === null ? null : row.purityInstrument,
    weight: shown.weight,
    sampleWeight: shown.sampleWeight,
    readyTime: row.showReadyTimeForReport ? row.readyTime : null,
    photoIds: row.imageIds,
    registeredAt: row.createdAt.toISOString(),
    assayer: row.purity === null ? null : people.assayer,
    verifier: row.purity === null ? null : people.verifier,
    purityBy: row.purity === null ? null : people.purityBy,
    verifiedBy: row.purity === null ? null : people.verifiedBy,
  };
}

/** `GET /Tests/ResultByToken`: the same item for the slip's QR page. */
export async function resultByToken(db: Database, token: string): Promise<ResultResponse> {
  const row = await repo.findByToken(db, token);
  if (!row) throw notFound(RESULT_MSG.notFound);
  return { list: [toResultItem(row)] };
}

/** A packet's photo (or its thumbnail) for anyone holding the packet's token; nothing else is reachable. */
export async function packetPhoto(
  deps: { db: Database; files: Parameters<typeof openPhotoFile>[0] },
  token: string,
  fileId: string,
  thumb: boolean,
) {
  if (!UUID.test(fileId)) throw notFound();
  const file = await repo.findPacketPhoto(deps.db, token, fileId);
  if (!file) throw notFound();
  return openPhotoFile(deps.files, file, thumb);
}

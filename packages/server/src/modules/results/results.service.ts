import { RESULT_MSG, resultPhotoAddress } from '@ayar/contract';
import type { PublicResultStatus, ResultItem, ResultResponse } from '@ayar/contract';
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

/**
 * Where the public result stands (issue 17): withdrawn when its current version says so; published
 * when the packet has a purity (signed, or published before versions existed); else pending.
 */
function publicStatus(row: repo.PublicResultRow): PublicResultStatus {
  if (row.resultStatus === 'withdrawn') return 'withdrawn';
  return row.purity === null ? 'pending' : 'published';
}

/** The current signed version as the item shows it; a change's time and reason only after the first. */
function versionFields(row: repo.PublicResultRow) {
  const version = row.resultAt === null ? null : row.resultVersion;
  const signedAt = row.resultAt?.toISOString() ?? null;
  const changed = version !== null && version > 1;
  return {
    version,
    signedAt,
    changedAt: changed ? signedAt : null,
    changeReason: changed ? row.resultReason : null,
    jws: row.jws,
  };
}

/**
 * The public item of docs/product.md §2.2 / §3.4. The lab's report settings decide what else is shown: the
 * customer's name (showCustomerNameForReport), the type (showTypeForReport), the weights
 * (showWeightForReport, showSampleWeightForReport) and the ready time (showReadyTimeForReport).
 * The purity, the lab, the number and its date are the result itself and always shown; a mobile never.
 * The current signed version (ADR 0029) comes with it, so the page can verify what it shows.
 */
export function toResultItem(row: repo.PublicResultRow, now: Date = new Date()): ResultItem {
  const status = publicStatus(row);
  const shown = shownDetails(row);
  const signed = versionFields(row);
  // One literal, not spread from the two: it is built for every lookup (ADR 0039).
  return {
    token: row.publicToken,
    docNumber: row.docNumber,
    customerName: row.showCustomerNameForReport ? (row.customerName ?? row.otherOwnerName) : null,
    series: row.serialNo,
    // A withdrawn result shows no purity (ADR 0029); the packet keeps it in the record.
    purity: status === 'withdrawn' ? null : row.purity,
    name: row.labName,
    rejeCode: row.rejeCode?.trim() ? row.rejeCode : null,
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
    jws: signed.jws,
  };
}

/** `POST /Tests/Result`: the packet with this number, unless it is deleted; 404 otherwise. */
export async function resultByNumber(db: Database, docNumber: number): Promise<ResultResponse> {
  const row = await repo.findByDocNumber(db, docNumber);
  if (!row) throw notFound(RESULT_MSG.notFound);
  return { list: [toResultItem(row)] };
}

/** A public item and where its result stands: withdrawn, or corrected since its first publication. */
export type PublicResult = ResultItem & { withdrawn: boolean; corrected: boolean };

/** The public item of the packet with this number, or null (a lookup by SMS answers either way). */
export async function findPublicResult(db: Database, docNumber: number): Promise<PublicResult | null> {
  const row = await repo.findByDocNumber(db, docNumber);
  if (!row) return null;
  const item = toResultItem(row);
  const withdrawn = item.status === 'withdrawn';
  return { ...item, withdrawn, corrected: !withdrawn && (item.version ?? 0) > 1 };
}

/**
 * The public fields a signed version is made of (ADR 0029), before its own number, status and time:
 * the type and weights as the lab's settings show them, and the packet's own purity — the version
 * being made decides whether it carries it (a withdrawn or deleted one does not), not the current one.
 */
export interface SignedFields {
  docNumber: number;
  lab: string;
  testType: string | null;
  purity: number | null;
  weight: number | null;
  sampleWeight: number | null;
  registeredAt: string;
  token: string;
}

/** A packet's signed fields, deleted ones included (a deletion is signed too), or null when it is missing. */
export async function signedFieldsById(db: Database, id: string): Promise<SignedFields | null> {
  const row = await repo.findAnyById(db, id);
  if (!row) return null;
  const shown = shownDetails(row);
  return {
    docNumber: row.docNumber,
    lab: row.labName,
    testType: shown.title,
    purity: row.purity,
    weight: shown.weight,
    sampleWeight: shown.sampleWeight,
    registeredAt: row.createdAt.toISOString(),
    token: row.publicToken,
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

import { RESULT_MSG, resultPhotoAddress, userSettingsSchema, DEFAULT_USER_SETTINGS } from '@ayar/contract';
import type { ResultItem, ResultResponse, UserSettings } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { openPhotoFile } from '../files/files.service.ts';
import * as repo from './results.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reportSettings(stored: unknown): UserSettings {
  const parsed = userSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_USER_SETTINGS;
}

/** Minutes until the result is due: ready time − minutes since registration, floored, at least 0. */
export function remainingMinutes(readyTime: number | null, createdAt: Date, now: Date = new Date()): number {
  if (readyTime === null) return 0;
  const elapsed = (now.getTime() - createdAt.getTime()) / 60_000;
  return Math.max(0, Math.floor(readyTime - elapsed));
}

const grams = (mg: number | null) => (mg === null ? null : mg / 1000);

/**
 * The public item of docs/product.md §2.2 / §3.4. The lab's report settings decide what else is shown: the
 * customer's name (showCustomerNameForReport), the type (showTypeForReport), the weights
 * (showWeightForReport, showSampleWeightForReport) and the ready time (showReadyTimeForReport).
 * The purity, the lab, the number and its date are the result itself and always shown; a mobile never.
 */
export function toResultItem(row: repo.PublicResultRow, now: Date = new Date()): ResultItem {
  const settings = reportSettings(row.settings);
  return {
    token: row.publicToken,
    docNumber: row.docNumber,
    title: settings.showTypeForReport ? row.typeName : null,
    customerName: settings.showCustomerNameForReport ? (row.customerName ?? row.otherOwnerName) : null,
    series: row.serialNo,
    // A withdrawn result shows no purity (ADR 0029); the packet keeps it in the record.
    purity: row.resultStatus === 'withdrawn' ? null : row.purity,
    name: row.labName,
    rejeCode: row.rejeCode?.trim() ? row.rejeCode : null,
    createDate: row.createdAt.toISOString(),
    remain:
      row.purity === null && row.resultStatus !== 'withdrawn'
        ? remainingMinutes(row.readyTime, row.createdAt, now)
        : 0,
    weight: settings.showWeightForReport ? grams(row.goldWeightMg) : null,
    sampleWeight: settings.showSampleWeightForReport ? grams(row.sampleWeightMg) : null,
    readyTime: settings.showReadyTimeForReport ? row.readyTime : null,
    images: row.imageIds.map((id) => resultPhotoAddress(row.publicToken, id)),
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
  const withdrawn = row.resultStatus === 'withdrawn';
  return { ...toResultItem(row), withdrawn, corrected: !withdrawn && (row.resultVersion ?? 0) > 1 };
}

/** A packet's public item, deleted ones included, for signing a new version of it (ADR 0029). */
export async function publicItemById(db: Database, id: string): Promise<ResultItem | null> {
  const row = await repo.findAnyById(db, id);
  // The packet's own purity: the version being made decides whether it is shown.
  return row ? { ...toResultItem(row), purity: row.purity } : null;
}

/** `GET /Tests/ResultByToken`: the same item for the slip's QR page. */
export async function resultByToken(db: Database, token: string): Promise<ResultResponse> {
  const row = await repo.findByToken(db, token);
  if (!row) throw notFound(RESULT_MSG.notFound);
  return { list: [toResultItem(row)] };
}

/** A packet's photo (or its thumbnail) for anyone holding the packet's token; nothing else is reachable. */
export async function packetPhoto(
  deps: { db: Database; filesDir: string },
  token: string,
  fileId: string,
  thumb: boolean,
) {
  if (!UUID.test(fileId)) throw notFound();
  const file = await repo.findPacketPhoto(deps.db, token, fileId);
  if (!file) throw notFound();
  return openPhotoFile(deps.filesDir, file, thumb);
}

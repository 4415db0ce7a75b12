import { createHash } from 'node:crypto';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  IMPORT_PRESETS,
  LIMITS,
  docNumberFromSample,
  headerKey,
  purityFromGold,
  type ImportMapping,
  type ImportMappingFields,
  type ImportMappingRequest,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type PacketState,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { personOf, type Actor } from '../../lib/actor.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { workshopScope, type WorkshopScope } from '../../lib/scope.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { insertStoredFile, type FilesDeps } from '../files/files.service.ts';
import * as repo from './imports.repository.ts';
import { ImportParseError, parseImportFile, type ParsedFile } from './parse.lib.ts';
import { checkRows, docNumbersOf, type PacketMatch, type ReadRow } from './rows.lib.ts';

// The lab's mappings and the preview of an instrument's file (ADR 0059, "Instrument files"); the
// apply is apply.service.ts.

const presetOf = (p: (typeof IMPORT_PRESETS)[number]): ImportMapping => ({ ...p, preset: true });
const ownOf = (m: repo.MappingRow): ImportMapping => ({ ...m, preset: false });

/** `GET /Tests/ImportMappings`: the ready-made ones, then the lab's own in the order saved. */
export async function listMappings(db: Database, actor: Actor): Promise<ImportMapping[]> {
  const own = await repo.listMappings(db, workshopScope(actor.id));
  return [...IMPORT_PRESETS.map(presetOf), ...own.map(ownOf)];
}

/** `POST /Tests/ImportMappings`: up to 50 a lab, with distinct names. */
export async function addMapping(
  db: Database,
  actor: Actor,
  input: ImportMappingRequest,
): Promise<ImportMapping> {
  const scope = workshopScope(actor.id);
  return db.transaction().execute(async (trx) => {
    // One lab's saves wait for each other, so two at once cannot both be the 50th.
    await trx.selectFrom('users').select('id').where('id', '=', actor.id).forUpdate().execute();
    if ((await repo.countMappings(trx, scope)) >= IMPORT_LIMITS.maxMappings)
      throw new AppError(400, 'BUSINESS_RULE', IMPORT_MSG.tooManyMappings);
    const row = await repo.insertMapping(trx, { workshopId: actor.id, ...input });
    if (!row)
      throw new AppError(409, 'CONFLICT', IMPORT_MSG.nameTaken, [
        { field: 'name', message: IMPORT_MSG.nameTaken },
      ]);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'import.mapping.add',
      entity: 'import_mapping',
      entityId: row.id,
      after: input,
      ip: actor.ip,
    });
    return ownOf(row);
  });
}

/** `POST /Tests/ImportMappings/Delete`: one of the lab's own; answers the list left. */
export async function deleteMapping(db: Database, actor: Actor, id: string): Promise<ImportMapping[]> {
  const deleted = await repo.deleteMapping(db, workshopScope(actor.id), id);
  if (!deleted) throw notFound(IMPORT_MSG.mappingNotFound);
  await writeAudit(db, {
    actorId: personOf(actor),
    action: 'import.mapping.delete',
    entity: 'import_mapping',
    entityId: id,
    ip: actor.ip,
  });
  return listMappings(db, actor);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mappingRefused = () => validation([{ field: 'mappingId', message: IMPORT_MSG.mappingNotFound }]);
const fileRefused = (message: string) => validation([{ field: 'file', message }]);

/** A ready-made mapping by its `preset-` id, or the lab's own; another lab's is as unknown. */
async function resolveMapping(db: Database, scope: WorkshopScope, id: string): Promise<ImportMappingFields> {
  const preset = IMPORT_PRESETS.find((p) => p.id === id);
  if (preset) return preset;
  if (!UUID.test(id)) throw mappingRefused();
  const own = await repo.findMapping(db, scope, id);
  if (!own) throw mappingRefused();
  return own;
}

/** The file's rows read by the mapping: each row's packet number and per mille, or null for neither. */
export function readRows(file: ParsedFile, mapping: ImportMappingFields): ReadRow[] {
  const keys = file.header.map(headerKey);
  const sample = keys.indexOf(headerKey(mapping.sampleColumn));
  const gold = keys.indexOf(headerKey(mapping.goldColumn));
  const missing = [...(sample < 0 ? [mapping.sampleColumn] : []), ...(gold < 0 ? [mapping.goldColumn] : [])];
  if (missing.length > 0) throw fileRefused(missing.map(IMPORT_MSG.missingColumn).join('؛ '));
  if (file.rows.length === 0) throw fileRefused(IMPORT_MSG.noRows);
  return file.rows.map(({ row, cells }) => ({
    row,
    docNumber: docNumberFromSample(cells[sample] ?? '', mapping),
    purity: purityFromGold(cells[gold] ?? '', mapping.goldUnit),
  }));
}

async function parse(bytes: Buffer): Promise<ParsedFile> {
  if (bytes.length === 0) throw fileRefused(IMPORT_MSG.empty);
  try {
    return await parseImportFile(bytes, { maxRows: IMPORT_LIMITS.maxRows });
  } catch (error) {
    if (!(error instanceof ImportParseError)) throw error;
    if (error.reason === 'unsupported')
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', IMPORT_MSG.unsupported);
    throw fileRefused(error.reason === 'tooManyRows' ? IMPORT_MSG.tooManyRows : IMPORT_MSG.empty);
  }
}

const stateOf = (p: { purity: number | null; pendingPurity: number | null }): PacketState =>
  p.purity !== null ? 'published' : p.pendingPurity !== null ? 'pending' : 'waiting';

/** Each row checked against the lab's live packets, looked up in one query. */
async function checkedRows(db: Database, scope: WorkshopScope, read: ReadRow[]): Promise<ImportPreviewRow[]> {
  const found = await repo.packetsByNumbers(db, scope, docNumbersOf(read));
  const byNumber = new Map(found.map((p) => [Number(p.docNumber), p]));
  const matches = new Map<number, PacketMatch>(
    found.map((p) => [Number(p.docNumber), { assayId: p.id, hasPurity: stateOf(p) !== 'waiting' }]),
  );
  return checkRows(read, matches, LIMITS.purity).map((r) => {
    const packet = r.docNumber === null ? undefined : byNumber.get(r.docNumber);
    return {
      row: r.row,
      docNumber: r.docNumber,
      purity: r.purity,
      packetId: r.assayId,
      state: packet ? stateOf(packet) : null,
      problem: r.problem,
    };
  });
}

const MIME = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The uploaded file's name as kept: its last path segment, without control characters, at most 200. */
const keptName = (name: string) =>
  (name.split(/[\\/]/).at(-1) ?? '').replace(/[\p{Cc}"]/gu, '').slice(0, 200) || 'import';

/**
 * `POST /Tests/ImportPreview`: reads the file by the mapping, checks every row, and keeps the file (kind
 * `import`, with its SHA-256) and the rows for a day's apply. Records no purity.
 */
export async function preview(
  deps: FilesDeps,
  actor: Actor,
  upload: { mappingId: string; bytes: Buffer; fileName: string },
): Promise<ImportPreviewResponse> {
  const scope = workshopScope(actor.id);
  const mapping = await resolveMapping(deps.db, scope, upload.mappingId);
  const file = await parse(upload.bytes);
  const rows = await checkedRows(deps.db, scope, readRows(file, mapping));
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const storageKey = await deps.files.store('import', upload.bytes);
  try {
    const importId = await deps.db.transaction().execute(async (trx) => {
      const fileId = await insertStoredFile(trx, {
        kind: 'import',
        storageKey,
        mime: MIME[file.kind],
        sizeBytes: upload.bytes.length,
        ownerId: actor.id,
        sha256,
      });
      const id = await repo.insertImport(trx, {
        workshopId: actor.id,
        fileId,
        fileName: keptName(upload.fileName),
        instrument: mapping.instrument,
        rows,
        createdBy: personOf(actor),
      });
      await writeAudit(trx, {
        actorId: personOf(actor),
        action: 'import.preview',
        entity: 'assay_import',
        entityId: id,
        after: { rows: rows.length, applicable: rows.filter((r) => r.problem === null).length, sha256 },
        ip: actor.ip,
      });
      return id;
    });
    return { importId, instrument: mapping.instrument, sha256, rows };
  } catch (error) {
    await deps.files.remove([storageKey]);
    throw error;
  }
}

/** `GET /Tests/ImportFile`: the file an import of the lab's was read from. */
export async function openImportFile(deps: FilesDeps, actor: Actor, importId: string) {
  const found = await repo.importFile(deps.db, workshopScope(actor.id), importId);
  const stored = found && (await deps.files.open(found.storageKey));
  if (!found || !stored) throw notFound();
  return { mime: found.mime, size: stored.size, fileName: found.fileName, stream: stored.stream };
}

// Importing purities from an instrument's results file (ADR 0059): the lab's column mappings, the
// preview of a file and the apply of the rows the assayer chose. The rules without zod are in
// `imports-rules.ts`, shared with the lab's screen.
import { z } from 'zod';
import { uuidField } from './assays-fields.ts';
import { LIMITS } from './constants.ts';
import {
  GOLD_UNITS,
  IMPORT_LIMITS,
  IMPORT_MSG,
  IMPORT_PROBLEMS,
  PACKET_STATES,
  headerKey,
} from './imports-rules.ts';

export * from './imports-rules.ts';

const text = (message: string, max: number = IMPORT_LIMITS.maxText) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

const affix = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: IMPORT_MSG.affix }).trim().max(IMPORT_LIMITS.maxAffix, IMPORT_MSG.affix).nullable(),
);

/** `POST /Tests/ImportMappings`: which header holds the sample id and which holds gold, and its unit. */
export const importMappingDraftSchema = z
  .object({
    name: text(IMPORT_MSG.name),
    instrument: text(IMPORT_MSG.instrument),
    sampleColumn: text(IMPORT_MSG.sampleColumn),
    goldColumn: text(IMPORT_MSG.goldColumn),
    goldUnit: z.enum(GOLD_UNITS, { error: IMPORT_MSG.goldUnit }),
    /** Dropped from the start of the sample id when present (e.g. `AY-`). */
    stripPrefix: affix.optional().transform((v) => v ?? null),
    /** Dropped from the end of the sample id when present (e.g. `-1`). */
    stripSuffix: affix.optional().transform((v) => v ?? null),
  })
  .refine((m) => headerKey(m.sampleColumn) !== headerKey(m.goldColumn), {
    path: ['goldColumn'],
    message: IMPORT_MSG.sameColumn,
  });
export type ImportMappingInput = z.input<typeof importMappingDraftSchema>;
export type ImportMappingRequest = z.output<typeof importMappingDraftSchema>;

/** A mapping as listed: a lab's own (a uuid) or a ready-made one (`preset-…`, `preset: true`). */
export const importMappingSchema = z.object({
  id: z.string(),
  preset: z.boolean(),
  name: z.string(),
  instrument: z.string(),
  sampleColumn: z.string(),
  goldColumn: z.string(),
  goldUnit: z.enum(GOLD_UNITS),
  stripPrefix: z.string().nullable(),
  stripSuffix: z.string().nullable(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
export const importMappingListSchema = z.array(importMappingSchema);

/** A mapping's id: a ready-made one's `preset-…` or a lab's own uuid. */
export const mappingIdField = z
  .string({ error: IMPORT_MSG.mapping })
  .trim()
  .min(1, IMPORT_MSG.mapping)
  .max(64, IMPORT_MSG.mapping)
  .regex(/^(preset-[a-z0-9-]{1,40}|[0-9a-f-]{36})$/i, IMPORT_MSG.mapping);

export const deleteImportMappingSchema = z.object({ id: uuidField });

/** One row of the file as previewed: what it would record and why it cannot, if it cannot. */
export const importPreviewRowSchema = z.object({
  /** The row's number in the file, 1 = the first row under the header. */
  row: z.number().int().min(1),
  /** The packet number read from the sample id; null when there is none. */
  docNumber: z.number().int().nullable(),
  /** Per mille, rounded down (ADR 0059); null when the gold cell is not a number. */
  purity: z.number().int().nullable(),
  /** The lab's live packet with that number, or null. */
  packetId: z.string().nullable(),
  /** Where that packet stands now, or null when none matched. */
  state: z.enum(PACKET_STATES).nullable(),
  /** Why the row cannot be applied; null when it can. */
  problem: z.enum(IMPORT_PROBLEMS).nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewResponseSchema = z.object({
  /** Send to `ImportApply` within a day. */
  importId: z.string(),
  instrument: z.string(),
  /** The uploaded file's SHA-256 (hex), kept as evidence with each packet it feeds. */
  sha256: z.string(),
  rows: z.array(importPreviewRowSchema),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

/** `POST /Tests/ImportApply`: the previewed rows to record, by their row numbers. */
export const importApplySchema = z.object({
  importId: z.string({ error: IMPORT_MSG.importId }).trim().pipe(z.uuid(IMPORT_MSG.importId)),
  rows: z
    .array(z.number({ error: IMPORT_MSG.rows }).int(IMPORT_MSG.rows).min(1, IMPORT_MSG.rows), {
      error: IMPORT_MSG.rows,
    })
    .min(1, IMPORT_MSG.rows)
    .max(IMPORT_LIMITS.maxRows, IMPORT_MSG.rows),
});
export type ImportApplyRequest = z.output<typeof importApplySchema>;

export const importApplyResponseSchema = z.object({
  /** Purities recorded: published ones plus those waiting for a second person. */
  recorded: z.number().int(),
  published: z.number().int(),
  pending: z.number().int(),
});
export type ImportApplyResponse = z.infer<typeof importApplyResponseSchema>;

export const importIdQuerySchema = z.object({
  importId: z.string({ error: IMPORT_MSG.importId }).trim().pipe(z.uuid(IMPORT_MSG.importId)),
});

/** One packet's purity from an instrument file, in its history (`GET /Tests/PurityHistory`). */
export const importEvidenceSchema = z.object({
  importId: z.string(),
  /** The row of the file that fed the purity. */
  row: z.number().int(),
  purity: z.number().int().min(LIMITS.purity.min).max(LIMITS.purity.max),
  instrument: z.string(),
  sha256: z.string(),
  staffCode: z.number().int().nullable(),
  /** ISO 8601 UTC. */
  at: z.string(),
});
export type ImportEvidence = z.infer<typeof importEvidenceSchema>;

/** The xlsx and CSV media types an import file is served back as. */
export const IMPORT_FILE_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

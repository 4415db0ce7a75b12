// How a purity was measured (ADR 0059): typed by a person, imported from an XRF analyser's file, or by
// fire assay (cupellation) from two determinations. One module for the server that records and signs it
// and the web app that enters and shows it, so the duplicate rule and its rounding cannot drift apart.
import { z } from 'zod';
import { ASSAY_MSG, cuttingInput, uuidField } from './assays-fields.ts';
import { changeReasonInput } from './assays.ts';
import { LIMITS } from './constants.ts';
import { importEvidenceSchema } from './imports.ts';
import { FIRE_MSG, FIRE_RULES, PURITY_METHODS } from './purity-method-rules.ts';

export * from './purity-method-rules.ts';

/** A proof (check) result: per mille, 0–1000, at most one decimal; kept as evidence, never reported. */
const proofInput = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .number({ error: FIRE_MSG.proofRange })
    .min(0, FIRE_MSG.proofRange)
    .max(1000, FIRE_MSG.proofRange)
    .refine((n) => Math.round(n * 10) === n * 10, FIRE_MSG.proofRange)
    .nullable(),
);

const determination = cuttingInput.pipe(z.number({ error: ASSAY_MSG.cuttingRange }));

/** `POST /Tests/AddFireAssay` (ADR 0059): one packet's two determinations and an optional proof. */
export const addFireAssaySchema = z.object({
  id: uuidField,
  first: determination,
  second: determination,
  proof: proofInput.optional(),
  /** Why a purity already published changes (a correction in the window; ADR 0029). */
  reason: changeReasonInput,
});
export type AddFireAssayRequest = z.output<typeof addFireAssaySchema>;
export type AddFireAssayInput = z.input<typeof addFireAssaySchema>;

export const addFireAssayResponseSchema = z.object({
  /** published: the reported purity is public; pending: it waits for a second person (ADR 0050); repeat: outside tolerance, nothing reported. */
  outcome: z.enum(['published', 'pending', 'unchanged', 'repeat']),
  /** The purity reported by the lab's rule, or null on repeat. */
  purity: z.number().int().min(LIMITS.purity.min).max(LIMITS.purity.max).nullable(),
  difference: z.number().int(),
  tolerance: z.number().int(),
  rule: z.enum(FIRE_RULES),
});
export type AddFireAssayResponse = z.infer<typeof addFireAssayResponseSchema>;

/** One fire assay in a packet's history: both determinations, the proof, and what came of them. */
export const fireAssayEntrySchema = z.object({
  first: z.number().int(),
  second: z.number().int(),
  proof: z.number().nullable(),
  tolerance: z.number().int(),
  rule: z.enum(FIRE_RULES),
  /** The reported purity, or null when the pair was outside tolerance (a repeat was asked for). */
  purity: z.number().int().nullable(),
  staffCode: z.number().int().nullable(),
  /** ISO 8601 UTC. */
  at: z.string(),
});
export type FireAssayEntry = z.infer<typeof fireAssayEntrySchema>;

/** `GET /Tests/PurityHistory?testId=`: how the packet's purity was measured, and every fire assay. */
export const purityHistoryResponseSchema = z.object({
  /** The published purity's method, or null while none is published. */
  method: z.enum(PURITY_METHODS).nullable(),
  instrument: z.string().nullable(),
  fireAssays: z.array(fireAssayEntrySchema),
  /** Every purity this packet took from an instrument's file, oldest first, with the file's hash. */
  imports: z.array(importEvidenceSchema),
});
export type PurityHistoryResponse = z.infer<typeof purityHistoryResponseSchema>;

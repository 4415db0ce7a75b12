import { z } from 'zod';
import { cuttingInput } from './assays.ts';
import { instantSchema, intInput, normalizedText } from './common/inputs.ts';
import { CHANGE_REASON_MAX, RESULT_MSG, RESULT_VERSION_MSG } from './results-constants.ts';
import { MAX_DOC_NUMBER } from './results.ts';

// Results in the open (ADR 0029): every change after the first purity is a signed version;
// the administrator can withdraw a result; anyone can check a printed slip against the live result.

/** A change's reason, as written (digits kept, a few lines at most). */
const reasonInput = normalizedText({
  multiline: true,
  keepDigits: true,
  error: RESULT_VERSION_MSG.reasonRequired,
}).pipe(
  z
    .string()
    .min(1, { message: RESULT_VERSION_MSG.reasonRequired, abort: true })
    .min(3, RESULT_VERSION_MSG.reasonShort)
    .max(CHANGE_REASON_MAX, RESULT_VERSION_MSG.reasonLong),
);

/** `POST /Manage/WithdrawResult`: the result stays in the record; the public sees it withdrawn. */
export const withdrawResultSchema = z.object({
  id: z.string().trim().pipe(z.uuid(RESULT_VERSION_MSG.idInvalid)),
  reason: reasonInput,
});
export type WithdrawResultRequest = z.output<typeof withdrawResultSchema>;
export type WithdrawResultInput = z.input<typeof withdrawResultSchema>;

/** `POST /Tests/VerifySlip`: the packet number and the purity printed on a slip. */
export const verifySlipSchema = z.object({
  code: intInput({
    min: 1,
    max: MAX_DOC_NUMBER,
    required: RESULT_MSG.codeRequired,
    range: RESULT_MSG.codeInvalid,
  }),
  purity: cuttingInput.pipe(z.number({ error: RESULT_VERSION_MSG.purityRequired })),
});
export type VerifySlipRequest = z.output<typeof verifySlipSchema>;
export type VerifySlipInput = z.input<typeof verifySlipSchema>;

/**
 * What a slip says against the live result: `matches`; `outdated` (corrected since: the current purity,
 * when and why); `withdrawn` (when and why, no purity); `pending` (no purity published yet);
 * `not-found` (no such packet, or deleted).
 */
export const SLIP_OUTCOMES = ['matches', 'outdated', 'withdrawn', 'pending', 'not-found'] as const;
export type SlipOutcome = (typeof SLIP_OUTCOMES)[number];

export const verifySlipResponseSchema = z.object({
  outcome: z.enum(SLIP_OUTCOMES),
  /** The current purity (published results only), else null. */
  purity: z.number().int().nullable(),
  /** The current version's number, else null. */
  version: z.number().int().nullable(),
  /** When the current version was made, if it is a change after the first publication; else null. */
  changedAt: instantSchema.nullable(),
  /** Why it was changed or withdrawn, where a reason was given; else null. */
  reason: z.string().nullable(),
});
export type VerifySlipResponse = z.infer<typeof verifySlipResponseSchema>;

/** One signed version of a result, as labs and admins see the history (old values included). */
export const resultVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(['published', 'withdrawn', 'deleted']),
  /** The purity this version published (null when withdrawn or deleted). */
  purity: z.number().int().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
  /** Who made it: `admin`, `workshop`, or null when that user is gone. */
  byRole: z.enum(['admin', 'workshop']).nullable(),
  /** The compact JWS of this version. */
  jws: z.string(),
});
export type ResultVersion = z.infer<typeof resultVersionSchema>;
export const resultVersionsResponseSchema = z.object({ list: z.array(resultVersionSchema) });
export type ResultVersionsResponse = z.infer<typeof resultVersionsResponseSchema>;

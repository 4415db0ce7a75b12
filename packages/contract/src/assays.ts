// Schemas of the «assays» (packets) feature (docs/product.md §2.9–§2.11, §2.14, §3.3, §5, §6.1), shared by
// the server and the web app. Weights travel in grams (≤ 3 decimals) and are stored as whole milligrams.
import { z } from 'zod';
import { todayGregorianInTehran } from './common/jalali.ts';
import { gregorianDateInput, normalizedString } from './common/inputs.ts';
import { OTHER_CUSTOMER_ID } from './constants.ts';
import { DELETE_DECLINE_ACTION } from './delete-requests.ts';
import { OFFLINE_MSG, clientPublicTokenSchema } from './offline.ts';
import { CHANGE_REASON_MAX, CHANGE_REASON_MIN, RESULT_VERSION_MSG } from './results-constants.ts';

import {
  ASSAY_MSG,
  MAX_ASSAYS_PER_ADD,
  packetNumberInput,
  cuttingInput,
  readyTimeInput,
  gramsInput,
  uuidField,
  vageInput,
  optionalText,
  optionalUuid,
  ownerMobileInput,
  labDraftFields,
  otherCustomerIssues,
} from './assays-fields.ts';
export {
  ASSAY_MSG,
  ASSAY_PAGE_SIZE,
  PURITY_CORRECTION_MINUTES,
  DIRECT_DELETE_MINUTES,
  MAX_IMAGES_PER_ASSAY,
  MAX_ASSAYS_PER_ADD,
  ASSAY_FILTER_TYPES,
  ASSAY_FILTER_LABELS,
  packetNumberInput,
  cuttingInput,
  readyTimeInput,
  gramsInput,
  FILE_ADDRESS_RE,
  labDraftSettingsIssues,
  labDraftSchema,
  labDraftFor,
  type LabDraftSettings,
  type LabDraft,
  type LabDraftInput,
} from './assays-fields.ts';

/**
 * One packet of AddTest: the draft, plus the public token a device made for it offline (its slip's QR
 * was printed with it); without one the server makes it.
 */
export const addTestDraftSchema = z
  .object({ ...labDraftFields, publicToken: clientPublicTokenSchema.optional() })
  .superRefine(otherCustomerIssues);

/** `POST /Tests/AddTest`: the whole pending list, registered all or none. */
export const addTestRequestSchema = z
  .array(addTestDraftSchema)
  .min(1, ASSAY_MSG.listEmpty)
  .max(MAX_ASSAYS_PER_ADD, ASSAY_MSG.listTooLong)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    const tokens = new Set<string>();
    list.forEach((d, i) => {
      if (seen.has(d.docNumber))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'docNumber'],
          message: `${ASSAY_MSG.duplicate}: ${d.docNumber}`,
        });
      seen.add(d.docNumber);
      if (d.publicToken !== undefined && tokens.has(d.publicToken))
        ctx.addIssue({ code: 'custom', path: [i, 'publicToken'], message: OFFLINE_MSG.tokenUsed });
      if (d.publicToken !== undefined) tokens.add(d.publicToken);
    });
  });
export type AddTestRequest = z.output<typeof addTestRequestSchema>;

export const addedAssaySchema = z.object({
  id: z.string(),
  docNumber: z.number().int(),
  publicToken: z.string(),
});
export const addTestResponseSchema = z.object({ list: z.array(addedAssaySchema) });
export type AddTestResponse = z.infer<typeof addTestResponseSchema>;

/** `POST /Tests/GetCode`: data is the next unused packet number. */
export const getCodeResponseSchema = z.number().int();

/** `POST /Tests/CheckCode`: `userId` is accepted and ignored (the session says whose it is). */
export const checkCodeSchema = z.object({
  code: packetNumberInput,
  userId: z.unknown().optional(),
});
export type CheckCodeRequest = z.output<typeof checkCodeSchema>;
export const checkCodeResponseSchema = z.object({ code: z.number().int(), available: z.boolean() });

// The lists' schemas (queries and the row) are in assay-lists.ts.
export * from './assay-lists.ts';
import { labListRowSchema } from './assay-lists.ts';

/** `GET /Tests/GetTest?testId=` and `GET /Manage/GetTest?testId=`. */
export const testIdQuerySchema = z.object({ testId: uuidField });
export type TestIdQuery = z.output<typeof testIdQuerySchema>;

/** A packet for the edit screens: the list row plus the lab's fee type. */
export const labDetailSchema = labListRowSchema;
export type LabDetail = z.infer<typeof labDetailSchema>;

/**
 * Why a published result changes (ADR 0029): optional in the request, but the server refuses a
 * correction without one; when given, 3–500 characters, like a withdrawal's.
 */
export const changeReasonInput = optionalText(CHANGE_REASON_MAX)
  .refine((s) => s === null || s.length >= CHANGE_REASON_MIN, RESULT_VERSION_MSG.reasonShort)
  .optional();

/**
 * `POST /Tests/EditTest` (workshop, lab/edit): weights, type, description, ready time, customer and
 * SMS/call flags; never the number. The purity only while the packet waits or within the correction
 * window (`canUpdate`). Omitted fields are left as they are.
 */
export const editTestSchema = z
  .object({
    testId: uuidField,
    /** Why a published result changes (a correction): shown with the new version (ADR 0029). */
    reason: changeReasonInput,
    customerId: labDraftFields.customerId.optional(),
    customerName: normalizedString.optional(),
    testFullName: optionalText(100).optional(),
    testMobile: ownerMobileInput.optional(),
    type: optionalUuid,
    typeName: optionalText(100).optional(),
    cutting: cuttingInput.optional(),
    readyTime: readyTimeInput.optional(),
    sampleWeight: gramsInput.optional(),
    weight: gramsInput.optional(),
    desc: optionalText(500, true).optional(),
    displayType: labDraftFields.displayType,
    sendSMS: z.boolean().optional(),
    sendCall: z.boolean().optional(),
    /** Accepted and ignored: the number of a registered packet never changes. */
    docNumber: z.unknown().optional(),
    images: z.unknown().optional(),
    title: z.unknown().optional(),
    vage: z.unknown().optional(),
    mainVage: z.unknown().optional(),
    platform: z.unknown().optional(),
    canUpdate: z.unknown().optional(),
    waitFor: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.customerId === OTHER_CUSTOMER_ID) {
      if (v.testFullName === null)
        ctx.addIssue({ code: 'custom', path: ['testFullName'], message: ASSAY_MSG.ownerNameRequired });
      if (v.testMobile === null)
        ctx.addIssue({ code: 'custom', path: ['testMobile'], message: ASSAY_MSG.ownerMobileRequired });
    }
  });
export type EditTestRequest = z.output<typeof editTestSchema>;
export type EditTestInput = z.input<typeof editTestSchema>;

/**
 * `POST /Manage/EditTest` (admin, manage/edit-lab; docs/product.md §2.14, §6.1): customer, sample
 * weight required; owner name and mobile only for 'other customer'; purity 600–999 (three digits) at
 * any time; ready time 1–2880 (used while there is no purity); gold weight, fee, description, type.
 * The number is read-only.
 */
export const manageEditTestSchema = z
  .object({
    testId: uuidField,
    /** Why a published result changes: shown to the public with the new version (ADR 0029). */
    reason: changeReasonInput,
    customerId: labDraftFields.customerId,
    customerName: normalizedString.optional(),
    testFullName: optionalText(100),
    testMobile: ownerMobileInput,
    type: optionalUuid,
    typeName: optionalText(100).optional(),
    cutting: cuttingInput.default(null),
    readyTime: readyTimeInput.default(null),
    sampleWeight: gramsInput.pipe(z.number({ error: ASSAY_MSG.sampleWeightRequired })),
    weight: gramsInput.default(null),
    vage: vageInput.default(0),
    desc: optionalText(500, true),
    displayType: labDraftFields.displayType,
    sendSMS: z.boolean().optional(),
    sendCall: z.boolean().optional(),
    docNumber: z.unknown().optional(),
    images: z.unknown().optional(),
    title: z.unknown().optional(),
    mainVage: z.unknown().optional(),
    platform: z.unknown().optional(),
    canUpdate: z.unknown().optional(),
    waitFor: z.unknown().optional(),
  })
  .superRefine(otherCustomerIssues);
export type ManageEditTestRequest = z.output<typeof manageEditTestSchema>;
export type ManageEditTestInput = z.input<typeof manageEditTestSchema>;

/** `POST /Tests/AddCutting`: purities from the list, saved in one call (all or none). */
export const addCuttingSchema = z
  .array(
    z.object({
      id: uuidField,
      cutting: cuttingInput.pipe(z.number({ error: ASSAY_MSG.cuttingRange })),
      /** Why a purity already published changes (a correction in the window; ADR 0029). */
      reason: changeReasonInput,
    }),
  )
  .min(1, ASSAY_MSG.listEmpty)
  .max(500, ASSAY_MSG.listTooLong);
export type AddCuttingRequest = z.output<typeof addCuttingSchema>;
export type AddCuttingInput = z.input<typeof addCuttingSchema>;
export const addCuttingResponseSchema = z.object({
  updated: z.number().int(),
  /** Of those, how many wait for a second person's verification (ADR 0050). */
  awaitingVerification: z.number().int(),
});

/** `POST /Tests/VerifyCutting` (ADR 0050): accept or send back purities waiting for verification. */
export const verifyCuttingSchema = z
  .array(
    z
      .object({
        id: uuidField,
        accept: z.boolean({ error: 'تأیید یا برگشت را انتخاب کنید' }),
        /** Required to send a purity back: the assayer reads it. */
        reason: changeReasonInput,
      })
      .superRefine((v, ctx) => {
        if (!v.accept && !v.reason?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['reason'], message: ASSAY_MSG.returnReasonRequired });
        }
      }),
  )
  .min(1, ASSAY_MSG.listEmpty)
  .max(500, ASSAY_MSG.listTooLong);
export type VerifyCuttingRequest = z.output<typeof verifyCuttingSchema>;
export type VerifyCuttingInput = z.input<typeof verifyCuttingSchema>;
export const verifyCuttingResponseSchema = z.object({
  verified: z.number().int(),
  returned: z.number().int(),
});
export type VerifyCuttingResponse = z.infer<typeof verifyCuttingResponseSchema>;

/** `POST /Tests/DeleteTest`, `/Tests/RequestToDeleteTest`, `/Manage/DeleteTest`. */
export const deleteTestSchema = z.object({ id: uuidField });
export type DeleteTestRequest = z.output<typeof deleteTestSchema>;

/** `POST /Manage/RemoveTest`: soft-deletes every packet registered before that Tehran day. */
export const removeTestSchema = z.object({
  startDate: gregorianDateInput({ required: ASSAY_MSG.startDateRequired })
    // Packets registered before the start date are removed: a date after today would take today's too.
    .refine((date) => date <= todayGregorianInTehran(), 'تاریخ شروع نمی‌تواند بعد از امروز باشد'),
});
export type RemoveTestRequest = z.output<typeof removeTestSchema>;
export const removeTestResponseSchema = z.object({ removed: z.number().int() });

/** `GET /Manage/TestHistory?testId=`: the packet's audit rows, oldest first. */
export const testHistoryItemSchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  actorId: z.string().nullable(),
  /** The actor's display name (lab name for a workshop, full name for an admin). */
  actorName: z.string().nullable(),
  action: z.string(),
  /** A Persian label for the action. */
  actionLabel: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TestHistoryItem = z.infer<typeof testHistoryItemSchema>;
export const testHistoryResponseSchema = z.object({ list: z.array(testHistoryItemSchema) });

export const ASSAY_AUDIT_ACTIONS = {
  'assay.add': 'ثبت بسته',
  'assay.purity': 'ثبت عیار',
  'assay.purity.correct': 'اصلاح عیار',
  'assay.edit': 'ویرایش بسته',
  'assay.delete': 'حذف بسته',
  'assay.delete.request': 'درخواست حذف',
  [DELETE_DECLINE_ACTION]: 'رد درخواست حذف',
  'assay.remove': 'حذف گروهی بسته‌ها',
  'assay.withdraw': 'ابطال نتیجه',
} as const;

// Schemas of the «assays» (packets) feature (docs/product.md §2.9–§2.11, §2.14, §3.3, §5, §6.1), shared by
// the server and the web app. Weights travel in grams (≤ 3 decimals) and are stored as whole milligrams.
import { z } from 'zod';
import { todayGregorianInTehran } from './common/jalali.ts';
import { gregorianDateInput, intInput, normalizedString, queryBoolean } from './common/inputs.ts';
import { pagedSchema } from './common/paging.ts';
import { OTHER_CUSTOMER_ID } from './constants.ts';
import { DELETE_DECLINE_ACTION, deleteDeclineSchema } from './delete-requests.ts';
import { OFFLINE_MSG, clientPublicTokenSchema } from './offline.ts';
import { CHANGE_REASON_MAX, CHANGE_REASON_MIN, RESULT_VERSION_MSG } from './results-constants.ts';

import {
  ASSAY_MSG,
  ASSAY_PAGE_SIZE,
  MAX_ASSAYS_PER_ADD,
  packetNumberInput,
  cuttingInput,
  readyTimeInput,
  gramsInput,
  uuidField,
  emptyToUndefined,
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

// ————— Lists —————

const optionalFilterType = z.preprocess(
  emptyToUndefined,
  intInput({ min: 1, max: 4, range: 'نوع جستجو معتبر نیست' }).optional(),
);

const labListBase = z.object({
  pageNumber: intInput({ min: 1, max: 1_000_000 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(ASSAY_PAGE_SIZE),
  /** true → only packets waiting for purity. */
  waitFor: queryBoolean,
  filterType: optionalFilterType,
  filterValue: z.preprocess(
    emptyToUndefined,
    normalizedString.pipe(z.string().max(100, ASSAY_MSG.tooLong)).optional(),
  ),
  /** Gregorian yyyy-mm-dd; whole Tehran days. */
  fromDate: z.preprocess(emptyToUndefined, gregorianDateInput().optional()),
  toDate: z.preprocess(emptyToUndefined, gregorianDateInput().optional()),
});

/**
 * The digits a numeric filter may have, as its column holds them: customer codes are `integer` (nine
 * digits stay below 2^31), packet numbers `bigint` of at most twelve, purities three. A longer number
 * matches nothing, and PostgreSQL would refuse it rather than say so.
 */
const FILTER_DIGITS: Record<number, number> = { 2: 9, 3: 12, 4: 3 };

function listQueryIssues(
  q: {
    filterType?: number | undefined;
    filterValue?: string | undefined;
    fromDate?: string;
    toDate?: string;
  },
  ctx: z.RefinementCtx,
) {
  const digits = q.filterType ? FILTER_DIGITS[q.filterType] : undefined;
  if (digits && q.filterValue && !/^\d+$/.test(q.filterValue))
    ctx.addIssue({ code: 'custom', path: ['filterValue'], message: ASSAY_MSG.filterValueNumeric });
  else if (digits && q.filterValue && q.filterValue.length > digits)
    ctx.addIssue({ code: 'custom', path: ['filterValue'], message: ASSAY_MSG.filterValueTooBig });
  if (q.fromDate && q.toDate && q.fromDate > q.toDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: ASSAY_MSG.dateOrder });
}

/** `GET /Tests/AllTests`. */
export const labListQuerySchema = labListBase
  .extend({
    /** true → only purities waiting for a second person's verification (ADR 0050). */
    awaitingVerification: queryBoolean,
  })
  .superRefine(listQueryIssues);
export type LabListQuery = z.output<typeof labListQuerySchema>;

/** `GET /Manage/AllTests` (and the delete-request list with justForDelete=true). */
export const manageLabListQuerySchema = labListBase
  .extend({
    /** A workshop's id. */
    tester: optionalUuid,
    /** A person's id (a lab account or a staff member): packets they registered or recorded (ADR 0050). */
    personId: optionalUuid,
    justForDelete: queryBoolean,
  })
  .superRefine(listQueryIssues);
export type ManageLabListQuery = z.output<typeof manageLabListQuerySchema>;

/** One row of the lab lists (docs/product.md §3.3). */
export const labListRowSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  /** The customer's name, or the 'other customer' owner's name. */
  customerName: z.string(),
  /** Customer code (null for an 'other customer' packet). */
  customerCode: z.number().int().nullable(),
  type: z.string().nullable(),
  typeName: z.string().nullable(),
  docNumber: z.number().int(),
  cutting: z.number().int().nullable(),
  title: z.boolean(),
  /** «بسته» in packet mode, «انگ» in ingot mode. */
  titleName: z.string(),
  /** Gold weight, grams. */
  weight: z.number().nullable(),
  readyTime: z.number().int().nullable(),
  sendSMS: z.boolean(),
  sendCall: z.boolean(),
  displayType: z.number().int().nullable(),
  desc: z.string().nullable(),
  /** Grams. */
  sampleWeight: z.number().nullable(),
  /** The fee: toman (vageType 1) or percent of the gold weight (vageType 0). */
  vage: z.number(),
  vageType: z.union([z.literal(0), z.literal(1)]),
  /** Toman (fixed fee). */
  feeToman: z.number(),
  /** Gold fee, grams (percentage fee). */
  feeGold: z.number(),
  /** The customer's (or owner's) mobile: workshop views only, null in admin lists. */
  customerMobile: z.string().nullable(),
  /** For 'other customer' packets: the owner's name and mobile as registered. */
  testFullName: z.string().nullable(),
  testMobile: z.string().nullable(),
  /** No purity yet and not deleted. */
  waitFor: z.boolean(),
  /** The workshop may still correct the purity (recorded < 60 minutes ago). */
  canUpdate: z.boolean(),
  /** The workshop may delete it directly (no purity, registered < 15 minutes ago). */
  canDelete: z.boolean(),
  /** Registration instant (ISO). */
  date: z.string(),
  purityAt: z.string().nullable(),
  /** The current signed version of the result (the slip prints it), else null. */
  resultVersion: z.number().int().nullable(),
  /** When that version was signed (the slip's publication time), else null. */
  resultAt: z.string().nullable(),
  /**
   * Where the public result stands (ADR 0029): `withdrawn` when the administrator withdrew it,
   * `published` while the packet has a purity the public sees, else null (waiting, or deleted).
   */
  resultStatus: z.enum(['published', 'withdrawn']).nullable(),
  platform: z.string(),
  /** The workshop (lab). */
  userId: z.string(),
  /** The lab's name (fName). */
  labName: z.string(),
  /** The lab manager's name (fullName). */
  userFullName: z.string(),
  serialNo: z.number().int().nullable(),
  /** Deletion requested (and not decided yet). */
  forDelete: z.boolean(),
  forDeleteDate: z.string().nullable(),
  /** The admin declined the last request, and why (null once the lab asks again). */
  deleteDecline: deleteDeclineSchema.nullable(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  /** For the slip's QR code: `/r/<publicToken>`. */
  publicToken: z.string(),
  /** Photo addresses (`/api/v1.0/Files/<id>`). */
  images: z.array(z.string()),
  /** Who registered the packet, recorded and verified its purity: names (ADR 0050); null: unknown. */
  registeredBy: z.string().nullable(),
  purityBy: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  /** A purity waiting for a second person (not public), who recorded it, and why it corrects one. */
  pendingCutting: z.number().int().nullable(),
  pendingBy: z.string().nullable(),
  /** The id of the person whose purity waits: nobody verifies their own (ADR 0050). */
  pendingById: z.string().nullable(),
  pendingReason: z.string().nullable(),
  /** Why the verifier sent the last purity back, for the assayer; null once a purity is recorded. */
  returnedReason: z.string().nullable(),
});
export type LabListRow = z.infer<typeof labListRowSchema>;
export const labListResponseSchema = pagedSchema(labListRowSchema);
export type LabListResponse = z.infer<typeof labListResponseSchema>;

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
const changeReasonInput = optionalText(CHANGE_REASON_MAX)
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

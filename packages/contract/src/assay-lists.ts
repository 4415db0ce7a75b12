// Schemas of the packets' lists (docs/product.md §2.11, §3.3): the lab's and the admin's queries and the
// row both answer with. Re-exported by assays.ts, the feature's schemas.
import { z } from 'zod';
import {
  instantSchema,
  gregorianDateInput,
  intInput,
  normalizedString,
  queryBoolean,
} from './common/inputs.ts';
import { pagedSchema } from './common/paging.ts';
import { deleteDeclineSchema } from './delete-requests.ts';
import { ASSAY_MSG, ASSAY_PAGE_SIZE, emptyToUndefined, optionalUuid } from './assays-fields.ts';

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
  date: instantSchema,
  purityAt: instantSchema.nullable(),
  /** The current signed version of the result (the slip prints it), else null. */
  resultVersion: z.number().int().nullable(),
  /** When that version was signed (the slip's publication time), else null. */
  resultAt: instantSchema.nullable(),
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
  deletedAt: instantSchema.nullable(),
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
  /** How the published purity was measured, and an import's instrument (ADR 0059); null without one. */
  purityMethod: z.enum(['typed', 'xrf', 'fire']).nullable(),
  purityInstrument: z.string().nullable(),
});
export type LabListRow = z.infer<typeof labListRowSchema>;
export const labListResponseSchema = pagedSchema(labListRowSchema);
export type LabListResponse = z.infer<typeof labListResponseSchema>;

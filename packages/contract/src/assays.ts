// Schemas of the «assays» (packets) feature (SPEC.md 2.9–2.11, 2.14, 3, 5, 7; DESIGN.md 5), shared by the
// server and the web app. Weights travel in grams (≤ 3 decimals) and are stored as whole milligrams.
import { z } from 'zod';
import { DATE_RANGE_MSG, todayGregorianInTehran } from './common/jalali.ts';
import { toEnglishDigits } from './common/digits.ts';
import {
  gregorianDateInput,
  intInput,
  normalizedString,
  normalizedText,
  optionalTextInput,
  queryBoolean,
} from './common/inputs.ts';
import { normalizeMobile } from './common/mobile.ts';
import { pagedSchema } from './common/paging.ts';
import { MAX_PACKET_NUMBER } from './codes.ts';
import { LIMITS, OTHER_CUSTOMER_ID } from './constants.ts';
import { DELETE_DECLINE_ACTION, deleteDeclineSchema } from './delete-requests.ts';

export const ASSAY_MSG = {
  photosUploading: 'بارگذاری عکس هنوز تمام نشده است؛ لطفاً چند لحظه صبر کنید',
  customerRequired: 'نام مشتری الزامی است',
  customerInvalid: 'مشتری را از فهرست انتخاب کنید',
  docNumberRequired: 'شماره بسته الزامی است',
  docNumberRange: 'شماره بسته باید عددی مثبت و حداکثر ۱۲ رقمی باشد',
  cuttingRange: 'عیار باید عددی سه رقمی بین ۶۰۰ تا ۹۹۹ باشد',
  readyTimeRequired: 'زمان آماده شدن الزامی است',
  readyTimeRange: 'زمان آماده شدن باید بین ۱ تا ۲۸۸۰ دقیقه باشد',
  ownerNameRequired: 'نام صاحب نمونه الزامی است',
  ownerMobileRequired: 'موبایل صاحب نمونه الزامی است',
  mobileInvalid: 'شماره موبایل معتبر نیست (مثال: ۰۹۱۲۱۲۳۴۵۶۷)',
  typeRequired: 'نوع آزمایش را انتخاب کنید',
  typeInvalid: 'نوع آزمایش معتبر نیست',
  weightInvalid: 'وزن باید عددی مثبت با حداکثر سه رقم اعشار (گرم) باشد',
  sampleWeightRequired: 'وزن نمونه الزامی است',
  vageInvalid: 'اجرت معتبر نیست',
  imageInvalid: 'نشانی تصویر معتبر نیست',
  tooManyImages: 'حداکثر ۱۰ تصویر برای هر بسته',
  tooLong: 'متن وارد شده بیش از حد طولانی است',
  idInvalid: 'شناسه معتبر نیست',
  displayTypeInvalid: 'نوع نمایش معتبر نیست',
  listEmpty: 'هیچ بسته‌ای برای ثبت وجود ندارد',
  listTooLong: 'حداکثر ۲۰۰ بسته در یک ثبت',
  duplicate: 'شماره بسته تکراری است',
  filterValueNumeric: 'مقدار جستجو باید عدد باشد',
  filterValueTooBig: 'مقدار جستجو بیش از حد بزرگ است',
  dateOrder: DATE_RANGE_MSG.order,
  startDateRequired: 'تاریخ شروع الزامی است',
  // Server answers.
  noCode: 'شماره بسته‌ای برای ثبت ندارید؛ ابتدا شماره بسته دریافت کنید',
  codeNotYours: 'این شماره بسته متعلق به شما نیست',
  codeUsed: 'این شماره بسته قبلاً ثبت شده است',
  codeFree: 'شماره بسته قابل ثبت است',
  notActive: 'آزمایشگاه شما فعال نیست و نمی‌تواند بسته ثبت کند',
  added: 'بسته‌ها با موفقیت ثبت شدند',
  edited: 'تغییرات بسته ذخیره شد',
  purityAdded: 'عیار ثبت شد',
  purityLocked: 'مهلت تغییر عیار (۶۰ دقیقه) گذشته است؛ برای اصلاح با مدیر تماس بگیرید',
  deleted: 'بسته حذف شد',
  deleteWindowPassed: 'حذف مستقیم فقط تا ۱۵ دقیقه پس از ثبت و پیش از ثبت عیار ممکن است؛ درخواست حذف بدهید',
  deleteRequested: 'درخواست حذف ثبت شد و پس از بررسی مدیر انجام می‌شود',
  alreadyDeleted: 'این بسته قبلاً حذف شده است',
  removed: 'عملیات با موفقیت انجام شد',
} as const;

/** The lab list's page size (SPEC.md 9: user and manager lab lists 100). */
export const ASSAY_PAGE_SIZE = 100;
/** DESIGN.md 5: a purity may be corrected by the workshop this long after it was first recorded. */
export const PURITY_CORRECTION_MINUTES = 60;
/** DESIGN.md 5: a packet without purity may be deleted directly this long after registration. */
export const DIRECT_DELETE_MINUTES = 15;
export const MAX_IMAGES_PER_ASSAY = 10;
export const MAX_ASSAYS_PER_ADD = 200;

/** Lab list filter types (SPEC.md 2.14): customer name, customer code, packet number, purity. */
export const ASSAY_FILTER_TYPES = { customerName: 1, customerCode: 2, docNumber: 3, purity: 4 } as const;
export const ASSAY_FILTER_LABELS: Record<1 | 2 | 3 | 4, string> = {
  1: 'نام مشتری',
  2: 'کد مشتری',
  3: 'شماره بسته',
  4: 'عیار',
};

const uuidField = z.string().trim().pipe(z.uuid(ASSAY_MSG.idInvalid));
const emptyToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A packet number typed by a person (Persian digits accepted). */
export const packetNumberInput = intInput({
  min: 1,
  max: MAX_PACKET_NUMBER,
  required: ASSAY_MSG.docNumberRequired,
  range: ASSAY_MSG.docNumberRange,
});

/**
 * Purity (ayar): 600–999 and exactly three digits (SPEC.md 5). Empty → null (no purity yet).
 * Accepts a number or a string with Persian/Arabic digits.
 */
export const cuttingInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return v;
    const text = toEnglishDigits(v).trim();
    if (text === '') return null;
    return /^\d{3}$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: ASSAY_MSG.cuttingRange })
    .int(ASSAY_MSG.cuttingRange)
    .min(LIMITS.purity.min, ASSAY_MSG.cuttingRange)
    .max(LIMITS.purity.max, ASSAY_MSG.cuttingRange)
    .nullable(),
);

/** Ready time in minutes: 1–2880, 1–4 digits. Empty → null. */
export const readyTimeInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return v;
    const text = toEnglishDigits(v).trim();
    if (text === '') return null;
    return /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: ASSAY_MSG.readyTimeRange })
    .int(ASSAY_MSG.readyTimeRange)
    .min(LIMITS.readyTime.min, ASSAY_MSG.readyTimeRange)
    .max(LIMITS.readyTime.max, ASSAY_MSG.readyTimeRange)
    .nullable(),
);

/** Grams with at most 3 decimals ('.' or '٫'; Persian digits accepted). Empty → null. */
export const gramsInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'number') return v;
    if (typeof v !== 'string') return v;
    const text = toEnglishDigits(v)
      .replace('\u066b', '.')
      .replace(/[,\u066c\s]/g, '');
    if (text === '') return null;
    return /^\d+(\.\d{1,3})?$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: ASSAY_MSG.weightInvalid })
    .min(0, ASSAY_MSG.weightInvalid)
    .max(1_000_000, ASSAY_MSG.weightInvalid)
    .refine((g) => Math.abs(Math.round(g * 1000) - g * 1000) < 1e-6, ASSAY_MSG.weightInvalid)
    .nullable(),
);

/** A fee: toman (vageType 1) or percent (vageType 0); the server checks it against the fee type. */
const vageInput = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return 0;
    if (typeof v !== 'string') return v;
    const text = toEnglishDigits(v)
      .replace('\u066b', '.')
      .replace(/[,\u066c\s]/g, '');
    return text === '' ? 0 : Number(text);
  },
  z.number({ error: ASSAY_MSG.vageInvalid }).min(0, ASSAY_MSG.vageInvalid).max(100_000_000),
);

const optionalText = (max: number, multiline = false) =>
  optionalTextInput(max, ASSAY_MSG.tooLong, { multiline });

/** Address of an uploaded photo: `/api/v1.0/Files/<uuid>` (see `fileAddress`). */
export const FILE_ADDRESS_RE =
  /^\/api\/v1\.0\/Files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const imagesInput = z
  .array(z.string().trim().regex(FILE_ADDRESS_RE, ASSAY_MSG.imageInvalid))
  .max(MAX_IMAGES_PER_ASSAY, ASSAY_MSG.tooManyImages)
  .nullish()
  .transform((v) => v ?? []);

const optionalUuid = z.preprocess(emptyToUndefined, uuidField.optional());

/** The 'other customer' sample owner's mobile, normalised to 09xxxxxxxxx; empty → null. */
const ownerMobileInput = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const text = toEnglishDigits(value ?? '').trim();
    if (text === '') return null;
    const mobile = normalizeMobile(text);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: ASSAY_MSG.mobileInvalid });
      return z.NEVER;
    }
    return mobile;
  });

/** The fields of a packet, without the cross-field rules (see `labDraftSchema`). */
const labDraftFields = {
  images: imagesInput,
  /** Ignored on AddTest (a new packet has no id yet); the legacy client sends it. */
  testId: optionalUuid,
  customerId: z.preprocess(
    emptyToUndefined,
    z.uuid({
      error: (issue) => (issue.input === undefined ? ASSAY_MSG.customerRequired : ASSAY_MSG.customerInvalid),
    }),
  ),
  customerName: normalizedText({ error: ASSAY_MSG.customerRequired }).pipe(
    z.string().min(1, ASSAY_MSG.customerRequired).max(100, ASSAY_MSG.tooLong),
  ),
  /** Sample owner's name: only for OTHER_CUSTOMER_ID. */
  testFullName: optionalText(100),
  /** Sample owner's mobile: only for OTHER_CUSTOMER_ID. */
  testMobile: ownerMobileInput,
  cutting: cuttingInput.default(null),
  desc: optionalText(500, true),
  /** A legacy client's display hint, kept as it comes: whatever fits its column (smallint). */
  displayType: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: ASSAY_MSG.displayTypeInvalid })
      .int(ASSAY_MSG.displayTypeInvalid)
      .min(-32_768, ASSAY_MSG.displayTypeInvalid)
      .max(32_767, ASSAY_MSG.displayTypeInvalid)
      .nullable()
      .optional(),
  ),
  docNumber: packetNumberInput,
  readyTime: readyTimeInput.default(null),
  /** Grams. */
  sampleWeight: gramsInput.default(null),
  /** Gold weight, grams. */
  weight: gramsInput.default(null),
  sendSMS: z.boolean().default(true),
  sendCall: z.boolean().default(true),
  /** True for the packet lab type (labType 1). */
  title: z.boolean().default(false),
  /** Test type id (TEST_TYPES); when the user has a preset test type the server fills it. */
  type: optionalUuid,
  typeName: optionalText(100),
  vage: vageInput.default(0),
  mainVage: vageInput.optional(),
  platform: normalizedString.pipe(z.string().max(10)).default('w'),
  saveInCustomer: z.boolean().default(false),
};

interface DraftForRules {
  customerId: string;
  testFullName: string | null;
  testMobile: string | null;
}

/** The 'other customer' rule (SPEC.md 5): owner name and mobile only then, and then required. */
function otherCustomerIssues(v: DraftForRules, ctx: z.RefinementCtx) {
  if (v.customerId !== OTHER_CUSTOMER_ID) return;
  if (!v.testFullName)
    ctx.addIssue({ code: 'custom', path: ['testFullName'], message: ASSAY_MSG.ownerNameRequired });
  if (!v.testMobile)
    ctx.addIssue({ code: 'custom', path: ['testMobile'], message: ASSAY_MSG.ownerMobileRequired });
}

/** What the settings-dependent rules need of the user's settings. */
export interface LabDraftSettings {
  /** The preset test type (user settings `testType`); null = the user must choose one. */
  testType: string | null;
  /** 0 ingot number, 1 packet number (ready time is shown and required for packets). */
  labType: 0 | 1;
}

/**
 * The settings-dependent rules of SPEC.md 5 "Add lab": the test type is required only when the user has
 * no preset test type; the ready time (shown for the packet lab type) is required while there is no
 * purity. The server applies exactly this to every packet of AddTest.
 */
export function labDraftSettingsIssues(
  v: { type?: string | undefined; readyTime: number | null; cutting: number | null },
  settings: LabDraftSettings,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!v.type && !settings.testType) issues.push({ path: 'type', message: ASSAY_MSG.typeRequired });
  if (settings.labType === 1 && v.cutting === null && v.readyTime === null)
    issues.push({ path: 'readyTime', message: ASSAY_MSG.readyTimeRequired });
  return issues;
}

/** One packet of `POST /Tests/AddTest` (SPEC.md 3 "Lab test draft"), with the rules that need no settings. */
export const labDraftSchema = z.object(labDraftFields).superRefine(otherCustomerIssues);
export type LabDraft = z.output<typeof labDraftSchema>;
export type LabDraftInput = z.input<typeof labDraftSchema>;

/** The add-lab form's schema: `labDraftSchema` plus the rules of the signed-in user's settings. */
export function labDraftFor(settings: LabDraftSettings) {
  return z
    .object(labDraftFields)
    .superRefine(otherCustomerIssues)
    .superRefine((v, ctx) => {
      for (const issue of labDraftSettingsIssues(v, settings))
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    });
}

/** `POST /Tests/AddTest`: the whole pending list, registered all or none. */
export const addTestRequestSchema = z
  .array(labDraftSchema)
  .min(1, ASSAY_MSG.listEmpty)
  .max(MAX_ASSAYS_PER_ADD, ASSAY_MSG.listTooLong)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((d, i) => {
      if (seen.has(d.docNumber))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'docNumber'],
          message: `${ASSAY_MSG.duplicate}: ${d.docNumber}`,
        });
      seen.add(d.docNumber);
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
export const labListQuerySchema = labListBase.superRefine(listQueryIssues);
export type LabListQuery = z.output<typeof labListQuerySchema>;

/** `GET /Manage/AllTests` (and the delete-request list with justForDelete=true). */
export const manageLabListQuerySchema = labListBase
  .extend({
    /** A workshop's id. */
    tester: optionalUuid,
    justForDelete: queryBoolean,
  })
  .superRefine(listQueryIssues);
export type ManageLabListQuery = z.output<typeof manageLabListQuerySchema>;

/** One row of the lab lists (SPEC.md 3 "Lab list row"). */
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
 * `POST /Tests/EditTest` (workshop, lab/edit): weights, type, description, ready time, customer and
 * SMS/call flags; never the number. The purity only while the packet waits or within the correction
 * window (`canUpdate`). Omitted fields are left as they are.
 */
export const editTestSchema = z
  .object({
    testId: uuidField,
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
 * `POST /Manage/EditTest` (admin, manage/edit-lab; SPEC.md 2.14, 5 "Edit packet"): customer, sample
 * weight required; owner name and mobile only for 'other customer'; purity 600–999 (three digits) at
 * any time; ready time 1–2880 (used while there is no purity); gold weight, fee, description, type.
 * The number is read-only.
 */
export const manageEditTestSchema = z
  .object({
    testId: uuidField,
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
    }),
  )
  .min(1, ASSAY_MSG.listEmpty)
  .max(500, ASSAY_MSG.listTooLong);
export type AddCuttingRequest = z.output<typeof addCuttingSchema>;
export type AddCuttingInput = z.input<typeof addCuttingSchema>;
export const addCuttingResponseSchema = z.object({ updated: z.number().int() });

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
} as const;

// The packet's fields and their inputs, the registration form's rules and the feature's messages
// (docs/product.md §3.3, §4.3, §6.1). Split from assays.ts, which re-exports the public names; the
// helpers only assays.ts uses stay out of the package's index.
import { z } from 'zod';
import { DATE_RANGE_MSG } from './common/jalali.ts';
import { toEnglishDigits } from './common/digits.ts';
import {
  intInput,
  normalizedString,
  normalizedText,
  optionalMobileInput,
  optionalTextInput,
} from './common/inputs.ts';
import { MAX_PACKET_NUMBER } from './codes.ts';
import { LIMITS, OTHER_CUSTOMER_ID } from './constants.ts';

export const ASSAY_MSG = {
  /** ADR 0049: a purity is the assayer's (or the owner's), never the counter's. */
  purityNotYours: 'ثبت و تغییر عیار با عیارسنج یا مدیر آزمایشگاه است؛ نقش شما اجازه آن را نمی‌دهد',
  listDuplicate: 'هر بسته فقط یک بار در فهرست بیاید',
  selfVerify: 'عیاری را که خودتان ثبت کرده‌اید نمی‌توانید تأیید کنید؛ تأیید با شخص دیگری است',
  notPending: 'این بسته عیار در انتظار تأیید ندارد؛ فهرست را دوباره بارگیری کنید',
  returnReasonRequired: 'علت برگشت عیار را بنویسید تا عیارسنج بداند چه را دوباره بسنجد',
  packetHasPurity: 'عیار این بسته ثبت شده است؛ ویرایش آن با عیارسنج یا مدیر آزمایشگاه است',
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
  typeRequired: 'نوع نمونه را انتخاب کنید',
  typeInvalid: 'نوع نمونه معتبر نیست',
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
  purityAwaitsVerification: 'عیار ثبت شد و تا تأیید شخص دوم منتشر نمی‌شود',
  purityVerified: 'تأیید عیارها ثبت شد',
  purityLocked: 'مهلت تغییر عیار (۶۰ دقیقه) گذشته است؛ برای اصلاح با مدیر تماس بگیرید',
  deleted: 'بسته حذف شد',
  deleteWindowPassed: 'حذف مستقیم فقط تا ۱۵ دقیقه پس از ثبت و پیش از ثبت عیار ممکن است؛ درخواست حذف بدهید',
  deleteRequested: 'درخواست حذف ثبت شد و پس از بررسی مدیر انجام می‌شود',
  alreadyDeleted: 'این بسته قبلاً حذف شده است',
  removed: 'عملیات با موفقیت انجام شد',
} as const;

/** The lab list's page size (docs/product.md §6.5: user and manager lab lists 100). */
export const ASSAY_PAGE_SIZE = 100;
/** docs/product.md §5.3: a purity may be corrected by the workshop this long after it was first recorded. */
export const PURITY_CORRECTION_MINUTES = 60;
/** docs/product.md §5.4: a packet without purity may be deleted directly this long after registration. */
export const DIRECT_DELETE_MINUTES = 15;
export const MAX_IMAGES_PER_ASSAY = 10;
export const MAX_ASSAYS_PER_ADD = 200;

/**
 * Lab list filter types (docs/product.md §2.11, §2.14): customer name, customer code, packet number, purity.
 */
export const ASSAY_FILTER_TYPES = { customerName: 1, customerCode: 2, docNumber: 3, purity: 4 } as const;
export const ASSAY_FILTER_LABELS: Record<1 | 2 | 3 | 4, string> = {
  1: 'نام مشتری',
  2: 'کد مشتری',
  3: 'شماره بسته',
  4: 'عیار',
};

export const uuidField = z.string().trim().pipe(z.uuid(ASSAY_MSG.idInvalid));
export const emptyToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A packet number typed by a person (Persian digits accepted). */
export const packetNumberInput = intInput({
  min: 1,
  max: MAX_PACKET_NUMBER,
  required: ASSAY_MSG.docNumberRequired,
  range: ASSAY_MSG.docNumberRange,
});

/**
 * Purity (ayar): 600–999 and exactly three digits (docs/product.md §6.1). Empty → null (no purity yet).
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
export const vageInput = z.preprocess(
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

export const optionalText = (max: number, multiline = false) =>
  optionalTextInput(max, ASSAY_MSG.tooLong, { multiline });

/** Address of an uploaded photo: `/api/v1.0/Files/<uuid>` (see `fileAddress`). */
export const FILE_ADDRESS_RE =
  /^\/api\/v1\.0\/Files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const imagesInput = z
  .array(z.string().trim().regex(FILE_ADDRESS_RE, ASSAY_MSG.imageInvalid))
  .max(MAX_IMAGES_PER_ASSAY, ASSAY_MSG.tooManyImages)
  .nullish()
  .transform((v) => v ?? []);

export const optionalUuid = z.preprocess(emptyToUndefined, uuidField.optional());

/** The 'other customer' sample owner's mobile, normalised to 09xxxxxxxxx; empty → null. */
export const ownerMobileInput = optionalMobileInput(ASSAY_MSG.mobileInvalid);

/** The fields of a packet, without the cross-field rules (see `labDraftSchema`). */
export const labDraftFields = {
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

/** The 'other customer' rule (docs/product.md §4.3): owner name and mobile only then, and then required. */
export function otherCustomerIssues(v: DraftForRules, ctx: z.RefinementCtx) {
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
 * The settings-dependent rules of docs/product.md §6.1 (register packet): the test type is required only when
 * the user has no preset test type; the ready time (shown for the packet lab type) is required while there is
 * no purity. The server applies exactly this to every packet of AddTest.
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

/** One packet of `POST /Tests/AddTest` (docs/product.md §3.3), with the rules that need no settings. */
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

// Excel and CSV exports of the lists and reports (docs/product.md §2.16, ADR 0055): the formats, the
// limits, and each export's columns and file name, described once here so the server writes them and
// the web can show them. The routes are `ROUTES.exports` (routes/exports.ts).
import { z } from 'zod';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type of each format's file. */
export const EXPORT_MEDIA_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const satisfies Record<ExportFormat, string>;

/** The header that carries the file's row count before its bytes, for the browser's progress. */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows';

/** The most rows one export may have (ADR 0055): more, and the filters must narrow it. */
export const EXPORT_MAX_ROWS = 200_000;
/** Exports one person may have running at once; the next is refused until one ends. */
export const EXPORT_MAX_RUNNING = 2;

export const EXPORT_MSG = {
  format: 'قالب خروجی باید xlsx یا csv باشد',
  tooMany: (limit: number) =>
    `خروجی حداکثر ${limit.toLocaleString('fa-IR')} ردیف دارد؛ لطفاً با فیلترها (مثلاً بازهٔ تاریخ) فهرست را کوچک‌تر کنید`,
  busy: `هم‌اکنون ${EXPORT_MAX_RUNNING.toLocaleString('fa-IR')} خروجی شما در حال آماده شدن است؛ لطفاً پس از پایان یکی دوباره تلاش کنید`,
} as const;

/** `format`: xlsx (the default) or csv. */
export const exportFormatSchema = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(EXPORT_FORMATS, EXPORT_MSG.format).optional(),
  )
  .transform((v): ExportFormat => v ?? 'xlsx');

type AnyObject = z.ZodObject;
type WithoutPaging<S extends AnyObject> = Omit<S['shape'], 'pageNumber' | 'pageSize'>;

/**
 * An export's query: its list's query (the same filters, the same checks) without `pageNumber` and
 * `pageSize`, plus `format`. A list schema's refinements (date order, filter digits) are carried over,
 * since zod's `.omit` refuses a refined object.
 */
export function exportQueryOf<S extends AnyObject>(
  source: S,
): z.ZodObject<WithoutPaging<S> & { format: typeof exportFormatSchema }> {
  const {
    pageNumber: _pageNumber,
    pageSize: _pageSize,
    ...shape
  } = source.shape as Record<string, z.ZodType>;
  const query = z.object(shape).extend({ format: exportFormatSchema });
  // The list's refinements read only its filter fields, which the export's query keeps.
  const checks = (source.def.checks ?? []) as z.core.$ZodCheck<Record<string, unknown>>[];
  return (checks.length > 0 ? query.check(...checks) : query) as unknown as z.ZodObject<
    WithoutPaging<S> & { format: typeof exportFormatSchema }
  >;
}

/**
 * How a column's values are written: text; whole numbers; gold in grams (3 decimals); whole toman;
 * purity (three digits); a calendar day or an instant (Jalali in Tehran); yes/no.
 */
export const EXPORT_COLUMN_KINDS = [
  'text',
  'int',
  'grams',
  'toman',
  'purity',
  'date',
  'datetime',
  'bool',
] as const;
export type ExportColumnKind = (typeof EXPORT_COLUMN_KINDS)[number];

export interface ExportColumn {
  /** The row's field. */
  readonly key: string;
  /** The screen's own words for it (docs/glossary.md). */
  readonly header: string;
  readonly kind: ExportColumnKind;
}

export interface ExportSheet {
  /** The file's Persian name, without the extension. */
  readonly fileName: string;
  readonly columns: readonly ExportColumn[];
}

const col = (key: string, header: string, kind: ExportColumnKind = 'text'): ExportColumn => ({
  key,
  header,
  kind,
});

/** A packet's columns, the lab's and the admin's lists alike (docs/product.md §2.11, §2.14). */
const PACKET_COLUMNS = [
  col('docNumber', 'شماره بسته', 'int'),
  col('customerName', 'مشتری'),
  col('customerCode', 'کد مشتری', 'int'),
  col('typeName', 'نوع نمونه'),
  col('cutting', 'عیار', 'purity'),
  col('state', 'وضعیت'),
  col('weight', 'وزن طلا (گرم)', 'grams'),
  col('sampleWeight', 'وزن نمونه (گرم)', 'grams'),
  col('feeToman', 'اجرت (تومان)', 'toman'),
  col('feeGold', 'اجرت (گرم طلا)', 'grams'),
  col('readyTime', 'زمان آماده شدن (دقیقه)', 'int'),
  col('date', 'تاریخ ثبت', 'datetime'),
  col('purityAt', 'زمان ثبت عیار', 'datetime'),
  col('registeredBy', 'ثبت‌کننده'),
  col('purityBy', 'عیارسنج'),
  col('verifiedBy', 'تأییدکننده'),
  col('forDelete', 'درخواست حذف', 'bool'),
  col('desc', 'توضیحات'),
] as const;

const STAFF_STATISTICS_COLUMNS = [
  col('staffCode', 'کد کارمند', 'int'),
  col('fullName', 'نام'),
  col('rolesText', 'نقش‌ها'),
  col('suspended', 'تعلیق‌شده', 'bool'),
  col('recorded', 'عیار ثبت‌شده', 'int'),
  col('verified', 'عیار تأییدشده', 'int'),
  col('corrected', 'اصلاح‌ها', 'int'),
  col('correctedOfTheirs', 'عیارهای اصلاح‌شدهٔ او', 'int'),
  col('withdrawn', 'باطل شده', 'int'),
  col('correctionPercent', 'نرخ اصلاح (درصد)', 'int'),
] as const;

const CREDIT_COLUMNS = [
  col('createdAt', 'زمان درخواست', 'datetime'),
  col('amount', 'مبلغ (تومان)', 'toman'),
  col('trackingCode', 'کد پیگیری'),
  col('date', 'تاریخ واریز', 'date'),
  col('account', 'حساب مقصد'),
  col('statusText', 'وضعیت'),
] as const;

const RANGE_COLUMNS = [
  col('createdAt', 'تاریخ', 'datetime'),
  col('serialNo', 'سری', 'int'),
  col('fromCode', 'از شماره', 'int'),
  col('toCode', 'تا شماره', 'int'),
  col('count', 'تعداد', 'int'),
  col('used', 'استفاده شده', 'int'),
] as const;

/**
 * Every export: its file's name and columns, under the names of `ROUTES.exports`. The customer
 * statement (`pays`) adds the customer's name to its file name.
 */
export const EXPORTS = {
  tests: {
    fileName: 'بسته‌ها',
    columns: [...PACKET_COLUMNS, col('customerMobile', 'موبایل')],
  },
  customers: {
    fileName: 'مشتریان',
    columns: [
      col('customerCode', 'کد', 'int'),
      col('customerName', 'نام مشتری'),
      col('customerMobile', 'موبایل'),
      col('customerPhone', 'تلفن'),
    ],
  },
  pays: {
    fileName: 'صورت‌حساب',
    columns: [
      col('date', 'تاریخ', 'date'),
      col('typeText', 'نوع'),
      col('gold', 'طلا (گرم)', 'grams'),
      col('money', 'مبلغ (تومان)', 'toman'),
      col('desc', 'توضیحات'),
      col('createdAt', 'زمان ثبت', 'datetime'),
    ],
  },
  store: {
    fileName: 'گزارش صندوق',
    columns: [
      col('customerCode', 'کد', 'int'),
      col('customerFullName', 'مشتری'),
      col('gold', 'مانده طلا (گرم)', 'grams'),
      col('moneyRemain', 'مانده مبلغ (تومان)', 'toman'),
      col('testCount', 'تعداد آزمایش', 'int'),
      col('statusText', 'وضعیت'),
    ],
  },
  credits: { fileName: 'درخواست‌های شارژ', columns: CREDIT_COLUMNS },
  codes: { fileName: 'شماره‌های بسته', columns: RANGE_COLUMNS },
  staffStatistics: { fileName: 'آمار کارکنان', columns: STAFF_STATISTICS_COLUMNS },
  manageTests: {
    fileName: 'بسته‌ها',
    columns: [col('labName', 'آزمایشگاه'), ...PACKET_COLUMNS],
  },
  manageCustomers: {
    fileName: 'مشتریان',
    columns: [
      col('lab', 'آزمایشگاه'),
      col('code', 'کد', 'int'),
      col('name', 'نام'),
      col('mobile', 'موبایل'),
      col('phone', 'تلفن'),
    ],
  },
  manageCredits: {
    fileName: 'درخواست‌های شارژ',
    columns: [
      col('lab', 'آزمایشگاه'),
      col('userFullName', 'مدیر'),
      ...CREDIT_COLUMNS,
      col('decidedAt', 'زمان بررسی', 'datetime'),
    ],
  },
  manageCodes: {
    fileName: 'کدها',
    columns: [
      col('user', 'آزمایشگاه'),
      ...RANGE_COLUMNS,
      col('pricePerCode', 'قیمت هر شماره (تومان)', 'toman'),
    ],
  },
  manageLabs: {
    fileName: 'آزمایشگاه‌ها',
    columns: [
      col('fName', 'نام آزمایشگاه'),
      col('fullName', 'نام مدیر'),
      col('userName', 'نام کاربری'),
      col('code', 'کد کارگاه', 'int'),
      col('statusText', 'وضعیت'),
      col('cellPhone', 'موبایل'),
      col('phone', 'تلفن'),
      col('createdAt', 'تاریخ ثبت', 'datetime'),
    ],
  },
  manageMessages: {
    fileName: 'پیامک‌ها و تماس‌ها',
    columns: [
      col('createdAt', 'زمان ثبت', 'datetime'),
      col('to', 'گیرنده'),
      col('kindText', 'نوع'),
      col('text', 'متن'),
      col('statusText', 'وضعیت'),
      col('attempts', 'تلاش', 'int'),
      col('sentAt', 'زمان ارسال', 'datetime'),
      col('error', 'خطا'),
    ],
  },
  manageStatistics: {
    fileName: 'آمار',
    columns: [
      col('searchRes', 'بسته‌ها در بازهٔ انتخابی', 'int'),
      col('todayRes', 'امروز', 'int'),
      col('yesterdayRes', 'دیروز', 'int'),
      col('weekRes', 'این هفته', 'int'),
      col('monthRes', 'این ماه', 'int'),
      col('totalRes', 'کل', 'int'),
      col('pendingCount', 'درخواست‌های شارژ در انتظار', 'int'),
      col('credits', 'مبلغ شارژهای در انتظار (تومان)', 'toman'),
    ],
  },
  manageStatisticsByLab: {
    fileName: 'آمار آزمایشگاه‌ها',
    columns: [
      col('userFName', 'آزمایشگاه'),
      col('userFullName', 'مدیر'),
      col('userCellPhone', 'موبایل'),
      col('userPhone', 'تلفن'),
      col('testCount', 'بسته‌ها', 'int'),
      col('sumTotalCode', 'کدهای تخصیص‌یافته', 'int'),
      col('totalCodeUse', 'مصرف کد', 'int'),
      col('remaining', 'کد باقی‌مانده', 'int'),
    ],
  },
  manageDailyStatistics: {
    fileName: 'آمار روزانه',
    columns: [col('date', 'تاریخ', 'date'), col('count', 'بسته‌ها', 'int')],
  },
  manageStaffStatistics: { fileName: 'آمار کارکنان', columns: STAFF_STATISTICS_COLUMNS },
} as const satisfies Record<string, ExportSheet>;

export type ExportName = keyof typeof EXPORTS;

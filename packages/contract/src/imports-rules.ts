// Reading an instrument's results file (ADR 0059, "Instrument files"): the limits, the ready-made
// mappings, and how a row's sample id and gold become a packet number and a per mille purity. Without
// zod, so the lab's screen and the server read a row with the same functions.
import { toEnglishDigits } from './common/digits.ts';

export const IMPORT_LIMITS = {
  /** The uploaded file, in bytes. */
  maxBytes: 5 * 1024 * 1024,
  /** Non-empty data rows under the header. */
  maxRows: 10_000,
  /** A lab's own mappings. */
  maxMappings: 50,
  /** How long a preview can be applied, in hours. */
  keepHours: 24,
  /** A mapping's name, instrument and column names. */
  maxText: 100,
  /** A prefix or suffix stripped from the sample id. */
  maxAffix: 20,
} as const;

export const GOLD_UNITS = ['percent', 'permille'] as const;
export type GoldUnit = (typeof GOLD_UNITS)[number];
export const GOLD_UNIT_LABELS: Readonly<Record<GoldUnit, string>> = {
  percent: 'درصد (مثل ۷۵٫۰۸)',
  permille: 'در هزار (مثل ۷۵۰)',
};

/** What a mapping says about a file's columns, as the lab saved it or as a ready-made one. */
export interface ImportMappingFields {
  name: string;
  instrument: string;
  sampleColumn: string;
  goldColumn: string;
  goldUnit: GoldUnit;
  stripPrefix: string | null;
  stripSuffix: string | null;
}

/** Ready-made mappings, the same for every lab; ids start with `preset-` (ADR 0059). */
export const IMPORT_PRESETS: readonly (ImportMappingFields & { id: string })[] = [
  {
    id: 'preset-generic',
    name: 'جدول ساده (شماره بسته، عیار)',
    instrument: 'XRF',
    sampleColumn: 'شماره بسته',
    goldColumn: 'عیار',
    goldUnit: 'permille',
    stripPrefix: null,
    stripSuffix: null,
  },
  {
    id: 'preset-fischerscope',
    name: 'Fischerscope XAN (WinFTM)',
    instrument: 'Fischerscope XAN',
    sampleColumn: 'Sample',
    goldColumn: 'Au [%]',
    goldUnit: 'percent',
    stripPrefix: null,
    stripSuffix: null,
  },
  {
    id: 'preset-spectro',
    name: 'SPECTRO MIDEX',
    instrument: 'SPECTRO MIDEX',
    sampleColumn: 'Sample Name',
    goldColumn: 'Au',
    goldUnit: 'percent',
    stripPrefix: null,
    stripSuffix: null,
  },
  {
    id: 'preset-niton',
    name: 'Thermo Niton',
    instrument: 'Thermo Niton',
    sampleColumn: 'SAMPLE',
    goldColumn: 'Au',
    goldUnit: 'percent',
    stripPrefix: null,
    stripSuffix: null,
  },
];

export const IMPORT_PROBLEMS = [
  'noSample',
  'notNumber',
  'range',
  'notFound',
  'hasPurity',
  'conflict',
  'duplicate',
] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

/** Why a row cannot be applied, as the preview says it (the first that holds, in this order). */
export const IMPORT_PROBLEM_LABELS: Readonly<Record<ImportProblem, string>> = {
  noSample: 'شماره بسته در شناسه نمونه پیدا نشد',
  notNumber: 'مقدار طلا عدد نیست',
  range: 'عیار خارج از بازه ۶۰۰ تا ۹۹۹ است',
  notFound: 'بسته‌ای با این شماره در این آزمایشگاه نیست',
  hasPurity: 'این بسته از پیش عیار دارد',
  conflict: 'چند ردیف با عیارهای متفاوت برای این بسته',
  duplicate: 'ردیف تکراری با همان عیار',
};

/** Where the matched packet stands now: waiting for purity, published, or waiting for verification. */
export const PACKET_STATES = ['waiting', 'published', 'pending'] as const;
export type PacketState = (typeof PACKET_STATES)[number];
export const PACKET_STATE_LABELS: Readonly<Record<PacketState, string>> = {
  waiting: 'در انتظار عیار',
  published: 'عیار ثبت‌شده',
  pending: 'در انتظار تأیید دوم',
};

export const IMPORT_MSG = {
  name: 'نام الگو را بنویسید (حداکثر ۱۰۰ نویسه)',
  nameTaken: 'الگویی با این نام دارید',
  instrument: 'نام دستگاه را بنویسید (حداکثر ۱۰۰ نویسه)',
  sampleColumn: 'عنوان ستون شناسه نمونه را همان‌طور که در فایل است بنویسید',
  goldColumn: 'عنوان ستون طلا را همان‌طور که در فایل است بنویسید',
  sameColumn: 'ستون شناسه نمونه و ستون طلا نباید یکی باشند',
  goldUnit: 'واحد طلا را انتخاب کنید',
  affix: 'پیشوند یا پسوند حداکثر ۲۰ نویسه است',
  tooManyMappings: 'هر آزمایشگاه حداکثر ۵۰ الگو می‌تواند داشته باشد',
  mapping: 'الگوی خواندن فایل را انتخاب کنید',
  mappingNotFound: 'این الگو پیدا نشد',
  noFile: 'فایل خروجی دستگاه را انتخاب کنید',
  oneFile: 'در هر بار فقط یک فایل بفرستید',
  tooLarge: 'حجم فایل باید حداکثر ۵ مگابایت باشد',
  unsupported: 'فقط فایل CSV یا اکسل (xlsx) پذیرفته می‌شود',
  tooManyRows: 'فایل بیش از ۱۰٬۰۰۰ ردیف دارد؛ آن را در چند فایل بفرستید',
  empty: 'فایل ردیفی ندارد',
  noRows: 'فایل جز سطر عنوان ردیفی ندارد',
  missingColumn: (name: string) => `ستون «${name}» در سطر اول فایل نیست`,
  importId: 'شناسه پیش‌نمایش معتبر نیست',
  importGone: 'این پیش‌نمایش پیدا نشد یا بیش از یک روز از آن گذشته است؛ فایل را دوباره بفرستید',
  applied: 'این پیش‌نمایش پیش‌تر ثبت شده است',
  rows: 'دست‌کم یک ردیف را برای ثبت انتخاب کنید',
  rowNotApplicable: (row: number) => `ردیف ${row} قابل ثبت نیست`,
  changed: (docNumber: number) =>
    `بسته ${docNumber} پس از پیش‌نمایش تغییر کرده است؛ فایل را دوباره پیش‌نمایش کنید`,
  previewed: 'پیش‌نمایش آماده است؛ هنوز چیزی ثبت نشده است',
  recorded: (n: number) => `${n} عیار ثبت شد`,
} as const;

/**
 * A header cell as compared with a mapping's column name: trimmed, spaces collapsed, any case, Arabic
 * yeh and kaf folded to Persian ones (a Windows-1256 file has only the Arabic letters), a zero-width
 * non-joiner read as a space.
 */
export function headerKey(text: string): string {
  return text
    .replace(/\uFEFF/g, '')
    .replace(/[\u064A\u0649]/g, '\u06CC')
    .replace(/\u0643/g, '\u06A9')
    .replace(/[\s\u200C]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Digits of any script, Persian/Arabic separators as ASCII ones; spaces and a trailing % dropped. */
function plainNumber(text: string): string {
  return toEnglishDigits(text)
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',')
    .replace(/[\s\u200E\u200F]/g, '')
    .replace(/%$/, '');
}

/**
 * A gold cell as per mille, rounded down by exact decimal arithmetic on its text (ADR 0059): percent
 * keeps one decimal (75.08 → 750; 99.99 → 999), per mille none (750.9 → 750). A decimal point or a
 * decimal comma; null when the cell is not a plain non-negative number.
 */
export function purityFromGold(text: string, unit: GoldUnit): number | null {
  const match = /^(\d{1,4})(?:[.,](\d*))?$/.exec(plainNumber(text));
  if (!match) return null;
  const whole = Number(match[1]);
  if (unit === 'permille') return whole;
  const tenth = Number((match[2] ?? '').charAt(0) || '0');
  return whole * 10 + tenth;
}

/**
 * The packet number in a sample id: trimmed, the mapping's prefix and suffix dropped when present
 * (in any case), then whole digits only (Persian or Arabic digits allowed). Null otherwise.
 */
export function docNumberFromSample(
  text: string,
  strip: { stripPrefix: string | null; stripSuffix: string | null },
): number | null {
  let id = toEnglishDigits(text)
    .replace(/[\u200E\u200F]/g, '')
    .trim();
  const prefix = strip.stripPrefix?.trim();
  const suffix = strip.stripSuffix?.trim();
  if (prefix && id.toLowerCase().startsWith(prefix.toLowerCase())) id = id.slice(prefix.length).trim();
  if (suffix && id.toLowerCase().endsWith(suffix.toLowerCase())) id = id.slice(0, -suffix.length).trim();
  if (!/^\d{1,15}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 ? n : null;
}

import { toJalaliDate, type ResultItem } from '@ayar/contract';

type Answerable = ResultItem & { withdrawn: boolean; corrected: boolean };

/**
 * The answers sent back to a lookup by SMS (ADR 0029). Short, one fact a line, with what the public
 * page shows and nothing more: never the customer's name or mobile. Digits are ASCII, as in every
 * other SMS Ayar sends.
 */
export const SMS_LOOKUP_TEXT = {
  help: 'عیار: برای دیدن نتیجه، فقط شماره بسته را پیامک کنید.',
  notFound: (docNumber: number) => `عیار: بسته‌ای با شماره ${docNumber} یافت نشد.`,
} as const;

export function resultText(item: Answerable): string {
  const lines = [`عیار: نتیجه بسته ${item.docNumber}`, `آزمایشگاه: ${item.name}`];
  if (item.title) lines.push(`نوع: ${item.title}`);
  if (item.withdrawn) lines.push('این نتیجه باطل شده است.');
  else lines.push(item.purity === null ? 'عیار هنوز ثبت نشده است.' : `عیار: ${item.purity}`);
  if (item.corrected) lines.push('این نتیجه اصلاح شده است.');
  lines.push(`تاریخ: ${toJalaliDate(item.createDate)}`);
  return lines.join('\n');
}

/** The packet number in a message: its first run of digits (Persian, Arabic or ASCII), up to 15 long. */
export function docNumberIn(message: string, toAscii: (s: string) => string): number | null {
  const match = /\d{1,15}/.exec(toAscii(message));
  if (!match) return null;
  const value = Number(match[0]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

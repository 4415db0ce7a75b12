/**
 * Public contact details shown on the landing and about pages. The real numbers and address are not in
 * SPEC.md: replace these placeholders with the operator's own before going live.
 */
export const SITE = {
  name: 'عیار',
  tagline: 'سامانه یکپارچه رهگیری بازار طلا',
  supportPhone: '021-91000000',
  supportHours: 'شنبه تا پنجشنبه، ۹ تا ۱۷',
  company: 'شبکه آزمایشگاه‌های عیارسنجی طلا',
  address: 'تهران',
  postalCode: '0000000000',
} as const;

export const APP_VERSION = `v${__APP_VERSION__}`;

// The results feature's texts, addresses and limits: plain values, no zod, because the public
// landing page imports them and must stay small.

export const RESULT_MSG = {
  codeRequired: 'وارد کردن شماره سند الزامی است',
  codeInvalid: 'شماره سند باید عدد باشد',
  tokenInvalid: 'پیوند نتیجه معتبر نیست',
  notFound: 'نتیجه‌ای برای این شماره پیدا نشد',
} as const;

/** The public address of a packet's photo (thumbnail with `?thumb=1`). */
export const resultPhotoAddress = (token: string, fileId: string) =>
  `/api/v1.0/Results/Photo/${token}/${fileId}`;

/** The path of the public result page a slip's QR code points at. */
export const publicResultPath = (token: string) => `/r/${token}`;

/** Largest accepted photo upload, per file (the client sends ≤ 1200×880 JPEGs well under this). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Photos per upload request. */
export const PHOTO_MAX_FILES = 10;
/** The box photos are fitted into (docs/product.md §6.3), and the thumbnail's longer side. */
export const PHOTO_BOX = { width: 1200, height: 880 } as const;
export const PHOTO_THUMB_SIZE = 240;

/** Texts of results in the open (ADR 0029): versions, withdrawals, checking a slip. */
export const RESULT_VERSION_MSG = {
  idInvalid: 'شناسه بسته معتبر نیست',
  reasonRequired: 'علت را بنویسید',
  reasonShort: 'علت دست‌کم ۳ نویسه باشد',
  reasonLong: 'علت حداکثر ۵۰۰ نویسه باشد',
  notPublished: 'این بسته هنوز نتیجه منتشرشده‌ای ندارد',
  alreadyWithdrawn: 'این نتیجه پیش از این باطل شده است',
  withdrawn: 'نتیجه باطل شد',
  purityRequired: 'عیار چاپ‌شده روی برگه را وارد کنید',
} as const;

/** A change's reason: 3 to this many characters (a withdrawal's, and a correction's when given). */
export const CHANGE_REASON_MAX = 500;
export const CHANGE_REASON_MIN = 3;

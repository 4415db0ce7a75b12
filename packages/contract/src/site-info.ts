// The network's public information (ADR 0028): support phone, address, postal code, company, the
// trust seal and the sister site, shown on the landing page, the embedded lookup and the about page.
// The administrator edits them in manage/system-setting; anyone may read them.
import { z } from 'zod';
import { toEnglishDigits } from './common/digits.ts';
import { optionalTextInput } from './common/inputs.ts';
import { fileIdFromAddress } from './workshops.ts';

/**
 * Where each field is kept in `system_settings` (beside, not among, the original keys of docs/product.md
 * §3.10).
 */
export const SITE_INFO_KEYS = {
  supportPhone: 'SupportPhone',
  supportHours: 'SupportHours',
  address: 'Address',
  postalCode: 'PostalCode',
  company: 'Company',
  trustSealUrl: 'TrustSealUrl',
  trustSealImage: 'TrustSealImage',
  sisterSiteUrl: 'SisterSiteUrl',
  sisterSiteName: 'SisterSiteName',
} as const;
export type SiteInfoField = keyof typeof SITE_INFO_KEYS;

export const SITE_INFO_MSG = {
  saved: 'اطلاعات عمومی سایت ذخیره شد',
  tooLong: 'متن وارد شده بیش از حد طولانی است',
  phoneInvalid: 'شماره تلفن فقط شامل رقم، فاصله، + و - است',
  postalCodeInvalid: 'کد پستی ۱۰ رقم است',
  urlInvalid: 'نشانی باید با https:// یا http:// شروع شود',
  imageInvalid: 'تصویر نماد پیدا نشد؛ دوباره بارگذاری کنید',
} as const;

/**
 * `GET /Site/Info` (public): every field as text, '' when the administrator has not set it, so a
 * screen shows nothing (never a made-up number) for what is missing. `trustSealImage` is the image's
 * public address.
 */
export const siteInfoSchema = z.object({
  supportPhone: z.string().describe('Support phone line, as the administrator typed it (ASCII digits)'),
  supportHours: z.string().describe('When the support line answers, free text'),
  address: z.string().describe("The network's postal address"),
  postalCode: z.string().describe('Ten-digit postal code, digits only'),
  company: z.string().describe('The company behind the network'),
  trustSealUrl: z.string().describe("The trust seal issuer's verification page (http or https)"),
  trustSealImage: z.string().describe('Public address of the uploaded trust seal image, or empty'),
  sisterSiteUrl: z.string().describe("The sister site the landing page's drawer links to"),
  sisterSiteName: z.string().describe('The label of that link'),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

const text = (max: number) => optionalTextInput(max, SITE_INFO_MSG.tooLong);

/** An http(s) address, or null when empty; anything else (javascript:, ftp:, a bare word) is refused. */
const urlInput = text(500).refine((value) => {
  if (value === null) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}, SITE_INFO_MSG.urlInvalid);

/** `POST /Manage/SiteInfo` (admin): the whole set; an empty or missing field clears it. */
export const siteInfoPayloadSchema = z.object({
  supportPhone: text(20).refine((p) => p === null || /^[0-9+\-\s]+$/.test(p), SITE_INFO_MSG.phoneInvalid),
  supportHours: text(100),
  address: text(300),
  postalCode: z
    .string()
    .nullish()
    .transform((v) => toEnglishDigits(v ?? '').replace(/[\s-]/g, '') || null)
    .refine((v) => v === null || /^\d{10}$/.test(v), SITE_INFO_MSG.postalCodeInvalid),
  company: text(150),
  trustSealUrl: urlInput,
  /** The uploaded image: its address (`/api/v1.0/Files/<id>`, `/api/v1.0/Site/TrustSeal/<id>`) or id. */
  trustSealImage: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value || value.trim() === '') return null;
      const id = fileIdFromAddress(value);
      if (!id) {
        ctx.addIssue({ code: 'custom', message: SITE_INFO_MSG.imageInvalid });
        return z.NEVER;
      }
      return id;
    }),
  sisterSiteUrl: urlInput,
  sisterSiteName: text(60),
});
export type SiteInfoPayload = z.output<typeof siteInfoPayloadSchema>;
export type SiteInfoPayloadInput = z.input<typeof siteInfoPayloadSchema>;

/** The public address of the trust seal image with this file id. */
export const trustSealAddress = (fileId: string) => `/api/v1.0/Site/TrustSeal/${fileId}`;

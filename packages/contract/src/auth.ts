import { z } from 'zod';
import { toPersianDigits } from './common/digits.ts';
import { hasInvalidCharacters, normalizedString } from './common/inputs.ts';
import { MSG } from './common/texts.ts';
import { LIMITS, ROLES, TEST_TYPES } from './constants.ts';
import { DEFAULT_USER_SETTINGS, type UserSettings } from './user-settings.ts';

// Passwords are the one text taken as it comes (never trimmed, digits never changed, nothing refused at
// sign-in): the exact characters are the secret, and they go only to argon2, never to PostgreSQL. A new
// password refuses what `hasInvalidCharacters` refuses, which no sign-in form could type back.
export const loginRequestSchema = z.object({
  userName: normalizedString.pipe(z.string().min(1, 'نام کاربری الزامی است').max(100)),
  password: z.string().min(1, 'رمز عبور الزامی است').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Per-user preferences (docs/product.md §3.2), stored as jsonb and sent to the client as the JSON string
 * `userSanapass`.
 */
const d = DEFAULT_USER_SETTINGS;
export const userSettingsSchema = z.object({
  labType: z.union([z.literal(0), z.literal(1)]).default(d.labType),
  sendSMS: z.boolean().default(d.sendSMS),
  showCustomerNameForReport: z.boolean().default(d.showCustomerNameForReport),
  showReadyTimeForReport: z.boolean().default(d.showReadyTimeForReport),
  showSampleWeight: z.boolean().default(d.showSampleWeight),
  showWeight: z.boolean().default(d.showWeight),
  showDesc: z.boolean().default(d.showDesc),
  vage: z.number().min(0).default(d.vage),
  vageType: z.union([z.literal(0), z.literal(1)]).default(d.vageType),
  showSampleWeightForReport: z.boolean().default(d.showSampleWeightForReport),
  showWeightForReport: z.boolean().default(d.showWeightForReport),
  showTypeForReport: z.boolean().default(d.showTypeForReport),
  testType: z.string().nullable().default(d.testType),
  readySms: z.string().nullable().default(d.readySms),
  waitSms: z.string().nullable().default(d.waitSms),
}) satisfies z.ZodType<UserSettings>;

export const testTypeSchema = z.object({ id: z.string(), name: z.string() });
export type TestType = z.infer<typeof testTypeSchema>;

/** What `POST /Account/login` returns as data (docs/product.md §3.1). */
export const loginResponseSchema = z.object({
  token: z.string(),
  userUsername: z.string(),
  userId: z.string(),
  userRoleId: z.number().int(),
  userFname: z.string(),
  nationalId: z.string().nullable(),
  userSanapass: z.string(),
  role: z.enum(ROLES),
  testTypes: z.array(testTypeSchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Role ids as the legacy client knows them. */
export const ROLE_IDS = { admin: 1, workshop: 2 } as const;

export const PASSWORD_MSG = {
  required: 'رمز عبور الزامی است',
  short: `رمز عبور باید دست‌کم ${toPersianDigits(LIMITS.password.min)} نویسه باشد`,
  long: `رمز عبور حداکثر ${toPersianDigits(LIMITS.password.max)} نویسه است`,
  digits: 'رمز عبور نباید فقط شامل رقم باشد',
} as const;

/**
 * The password rule, one place for registration, admin-created workshops and password change: at
 * least 8 characters and not only digits (a phone number is not a password).
 */
export const newPasswordSchema = z
  .string()
  .min(1, PASSWORD_MSG.required)
  .min(LIMITS.password.min, PASSWORD_MSG.short)
  .max(LIMITS.password.max, PASSWORD_MSG.long)
  .refine((p) => !hasInvalidCharacters(p), MSG.invalidText)
  .refine((p) => !/^[\d\u06f0-\u06f9\u0660-\u0669]+$/.test(p), PASSWORD_MSG.digits);

/** One-time-code login, step 1 (docs/product.md §4.1): a user name or a mobile number. */
export const otpRequestSchema = z.object({
  userName: normalizedString.pipe(z.string().min(1, 'نام کاربری یا شماره موبایل الزامی است').max(100)),
});
export type OtpRequest = z.infer<typeof otpRequestSchema>;

/** Whatever the account, the same answer: when a new code may be asked for, and how long one lives. */
export const otpRequestResponseSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export const OTP = { digits: 6, ttlSeconds: 300, resendSeconds: 60, maxAttempts: 5 } as const;

/** Step 2: the code travels in `password` (docs/product.md §4.1). */
export const otpVerifySchema = z.object({
  userName: otpRequestSchema.shape.userName,
  password: normalizedString.pipe(z.string().regex(/^\d{6}$/, 'کد ورود ۶ رقم است')),
});
export type OtpVerify = z.infer<typeof otpVerifySchema>;

export const profileSchema = z.object({
  fullName: z.string(),
  companyName: z.string(),
  workspaceId: z.number().int().nullable(),
  userName: z.string(),
  role: z.enum(ROLES),
  /** «کاربر آزمایشگاه است؟»: the account works the lab's bench, so its dashboard watches the waiting queue (ADR 0027). */
  isLabOwner: z.boolean(),
  /** The workshop's audio (its address): the sound that queue plays when a new packet starts waiting. */
  alertSound: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'رمز عبور فعلی الزامی است').max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'تکرار رمز عبور الزامی است'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'تکرار رمز عبور با رمز جدید یکسان نیست',
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    message: 'رمز جدید باید با رمز فعلی فرق داشته باشد',
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

const testTypeIds = TEST_TYPES.map((t) => t.id) as [string, ...string[]];

/**
 * The settings form's rules, checked in the form and on the server: a fixed fee (vageType 1) is whole
 * toman; a percentage fee (vageType 0) is 0–100 with up to two decimals.
 */
/** A chosen SMS text: the list's own words (the server checks it is still listed); '' means the first. */
const chosenSmsSchema = z
  .string()
  .nullish()
  .transform((s) => s?.trim() || null)
  .refine((s) => s === null || (s.length <= 500 && !hasInvalidCharacters(s, true)), MSG.invalidText);

export const editableSettingsSchema = userSettingsSchema
  .extend({
    testType: z.enum(testTypeIds, 'نوع نمونه نامعتبر است').nullable().default(null),
    readySms: chosenSmsSchema,
    waitSms: chosenSmsSchema,
  })
  .superRefine((s, ctx) => {
    if (s.vageType === 1 && (!Number.isInteger(s.vage) || s.vage > LIMITS.creditAmount.max)) {
      ctx.addIssue({ code: 'custom', path: ['vage'], message: 'اجرت ثابت باید مبلغی صحیح به تومان باشد' });
    }
    if (s.vageType === 0 && (s.vage > 100 || Math.round(s.vage * 100) !== s.vage * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vage'],
        message: 'درصد اجرت باید بین ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد',
      });
    }
  });

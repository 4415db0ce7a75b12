import { z } from 'zod';
import { toPersianDigits } from './common/digits.ts';
import { hasInvalidCharacters, normalizedString } from './common/inputs.ts';
import { isCommonPassword } from './common/common-passwords.ts';
import { MSG } from './common/texts.ts';
import { LIMITS, ROLES, STAFF_ROLES, TEST_TYPES } from './constants.ts';
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
  requireSecondVerification: z.boolean().default(d.requireSecondVerification),
  fireTolerance: z
    .number({ error: 'اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد' })
    .int('اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد')
    .min(0, 'اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد')
    .max(20, 'اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد')
    .default(d.fireTolerance),
  fireRule: z
    .enum(['meanDown', 'meanRound', 'lower'], { error: 'قاعده گزارش عیار معتبر نیست' })
    .default(d.fireRule),
}) satisfies z.ZodType<UserSettings>;

export const testTypeSchema = z.object({ id: z.string(), name: z.string() });
export type TestType = z.infer<typeof testTypeSchema>;

/**
 * Who is signed in, for a lab's people (ADR 0049): the lab's own account is its owner, staff code 1; a
 * staff member signs in with their own user name. The administrator has none.
 */
export const personSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** Unique in the lab and never reused: public results show it instead of the name. */
  staffCode: z.number().int(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
export type Person = z.infer<typeof personSchema>;

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
  /** The person signed in, for a lab (`userId` stays the lab: a staff member works in its name). */
  person: personSchema.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Role ids as the legacy client knows them. */
export const ROLE_IDS = { admin: 1, workshop: 2 } as const;

export const PASSWORD_MSG = {
  required: 'رمز عبور الزامی است',
  short: `رمز عبور باید دست‌کم ${toPersianDigits(LIMITS.password.min)} نویسه باشد`,
  long: `رمز عبور حداکثر ${toPersianDigits(LIMITS.password.max)} نویسه است`,
  digits: 'رمز عبور نباید فقط شامل رقم باشد',
  blank: 'رمز عبور نمی‌تواند فقط فاصله باشد',
  repeated: 'رمز عبور نباید تکرار یک تا چهار نویسه باشد (مانند aaaaaaaa یا abababab)؛ حدس زدن آن آسان است',
  common: 'این رمز عبور از رایج‌ترین رمزهای لورفته است و پیش از همه حدس زده می‌شود؛ رمز دیگری انتخاب کنید',
  userName: 'رمز عبور نباید همان نام کاربری یا وارونه آن باشد؛ نام کاربری را همه می‌دانند',
} as const;

const onlyDigits = (p: string) => /^[\d\u06f0-\u06f9\u0660-\u0669]+$/.test(p);

/** Whether the password is a run of one to four characters repeated (`aaaaaaaa`, `abababab`, `abcabcab`). */
function isRepetition(password: string): boolean {
  const chars = [...password];
  for (let unit = 1; unit <= 4 && unit * 2 <= chars.length; unit++) {
    if (chars.every((c, i) => c === chars[i % unit])) return true;
  }
  return false;
}

/**
 * What makes an otherwise well-formed password easy to guess (NIST SP 800-63B 3.1.1.2, ADR 0043): only
 * spaces, one to four characters repeated, or one of the most common passwords. Undefined if none.
 */
export function weakPasswordReason(password: string): 'blank' | 'repeated' | 'common' | undefined {
  if (password.trim() === '') return 'blank';
  if (isRepetition(password)) return 'repeated';
  if (isCommonPassword(password)) return 'common';
  return undefined;
}

/** Whether the password is the user name or the user name backwards, in any case. */
export function passwordIsUserName(password: string, userName: string): boolean {
  if (password.length < LIMITS.password.min || userName === '') return false;
  const p = password.toLowerCase();
  const u = userName.toLowerCase();
  return p === u || p === [...u].reverse().join('');
}

/**
 * The password rule, one place for registration, admin-created workshops, the admin's password reset,
 * password change and ADMIN_PASSWORD: 8–128 characters, not only digits, not blank, not a repetition,
 * not a common password; each problem says why in Persian. The user name is checked where it is known
 * (`passwordIsUserName`). The common list must be loaded (`loadCommonPasswords`) for that check.
 */
export const newPasswordSchema = z
  .string()
  .min(1, PASSWORD_MSG.required)
  .min(LIMITS.password.min, PASSWORD_MSG.short)
  .max(LIMITS.password.max, PASSWORD_MSG.long)
  .refine((p) => !hasInvalidCharacters(p), MSG.invalidText)
  .refine((p) => !onlyDigits(p), PASSWORD_MSG.digits)
  .superRefine((p, ctx) => {
    // One message at a time: the rules above say what to fix first.
    const shapeOk = p.length >= LIMITS.password.min && p.length <= LIMITS.password.max;
    if (!shapeOk || hasInvalidCharacters(p) || onlyDigits(p)) return;
    const reason = weakPasswordReason(p);
    if (reason) ctx.addIssue({ code: 'custom', message: PASSWORD_MSG[reason] });
  });

/** The refinement of a form that holds a user name and a new password: not the one as the other. */
export const passwordNotUserName = {
  check: (v: { password: string; userName: string }) => !passwordIsUserName(v.password, v.userName),
  params: {
    message: PASSWORD_MSG.userName,
    path: ['password'],
    when: (payload: { value: unknown }) => {
      const v = (payload.value ?? {}) as { password?: unknown; userName?: unknown };
      return typeof v.password === 'string' && typeof v.userName === 'string';
    },
  },
};

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

/**
 * One-time codes (docs/product.md §7.2, ADR 0043): a code lives `ttlSeconds`, a new one may be asked for
 * after `resendSeconds`, five wrong tries kill it, and an account is sent at most `perHour` codes in any
 * hour and `perDay` in any 24 hours: without those caps a fresh code a minute gave five more guesses a
 * minute (about 7,200 a day) and an SMS a minute to the owner's phone.
 */
export const OTP = {
  digits: 6,
  ttlSeconds: 300,
  resendSeconds: 60,
  maxAttempts: 5,
  perHour: 5,
  perDay: 10,
} as const;

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
  /** The person signed in, for a lab (ADR 0049); null for the administrator. */
  person: personSchema.nullable(),
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

/** The change-password form of a signed-in user: the same rule, and not their own user name. */
export function changePasswordFormSchema(userName: string) {
  return changePasswordSchema.refine((v) => !passwordIsUserName(v.newPassword, userName), {
    path: ['newPassword'],
    message: PASSWORD_MSG.userName,
  });
}

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

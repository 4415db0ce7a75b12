// Schemas of the «staff» feature (ADR 0049): a lab's people, each with their own sign-in, roles and a
// staff code shown publicly instead of their name. Shared by the server and the web app.
import { z } from 'zod';
import { toPersianDigits } from './common/digits.ts';
import { instantSchema, gregorianDateInput, normalizedString } from './common/inputs.ts';
import { newPasswordSchema, PASSWORD_MSG, passwordIsUserName, passwordNotUserName } from './auth.ts';
import { STAFF_ROLES, type StaffRole } from './constants.ts';
import { optionalMobileSchema, passwordResetIssues, userNameSchema, WORKSHOP_MSG } from './workshops.ts';

/** How many people a lab may have, its own account included: a bound, not a business plan. */
export const STAFF_LIMIT = 100;

export const STAFF_MSG = {
  fullNameRequired: 'نام و نام خانوادگی الزامی است',
  mobileRequired: 'شماره موبایل الزامی است؛ کد یک‌بارمصرف ورود به همین شماره فرستاده می‌شود',
  rolesRequired: 'دست‌کم یک نقش انتخاب کنید',
  rolesInvalid: 'نقش انتخاب‌شده معتبر نیست',
  idInvalid: 'شناسه معتبر نیست',
  notFound: 'این شخص در کارکنان این آزمایشگاه نیست',
  ownerAccount:
    'حساب اصلی آزمایشگاه همیشه مدیر آزمایشگاه است؛ نقش و وضعیت آن از اینجا تغییر نمی‌کند (رمز آن از «تغییر رمز عبور»)',
  ownSelf: 'نمی‌توانید نقش یا وضعیت حساب خودتان را تغییر دهید؛ از مدیر دیگری بخواهید',
  limit: `هر آزمایشگاه حداکثر ${toPersianDigits(STAFF_LIMIT)} نفر کارمند می‌تواند داشته باشد`,
  added: 'کارمند اضافه شد و می‌تواند با نام کاربری خود وارد شود',
  edited: 'اطلاعات کارمند ذخیره شد',
  suspended: 'حساب کارمند تعلیق شد و نشست‌های باز او همین حالا بسته شد',
  resumed: 'حساب کارمند دوباره فعال شد',
  forbiddenRole: 'نقش شما در این آزمایشگاه اجازه این کار را نمی‌دهد',
  staffSuspended: 'حساب شما در این آزمایشگاه تعلیق شده است؛ با مدیر آزمایشگاه تماس بگیرید',
} as const;

const fullNameSchema = normalizedString.pipe(
  z.string().min(1, STAFF_MSG.fullNameRequired).max(100, WORKSHOP_MSG.tooLong),
);

/** A required mobile: the person's one-time codes go to it. */
const mobileSchema = optionalMobileSchema.pipe(
  z.string({ error: STAFF_MSG.mobileRequired }).min(1, STAFF_MSG.mobileRequired),
);

/** One or more distinct roles, in the matrix's order. */
export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: STAFF_MSG.rolesInvalid }), { error: STAFF_MSG.rolesRequired })
  .min(1, STAFF_MSG.rolesRequired)
  .max(STAFF_ROLES.length, STAFF_MSG.rolesInvalid)
  .transform((roles) => STAFF_ROLES.filter((role) => roles.includes(role)));

const idSchema = z.string().trim().pipe(z.uuid(STAFF_MSG.idInvalid));

/** One of the lab's people as the owner's «کارکنان» screen and the admin see them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  mobile: z.string().nullable(),
  userName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Unique in the lab, never reused; shown on public results instead of the name. */
  staffCode: z.number().int(),
  suspended: z.boolean(),
  /** The lab's own account: always the owner, never suspended from here. */
  isLabAccount: z.boolean(),
  createdAt: instantSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({ list: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

/** POST /Staff/Add */
export const addStaffRequestSchema = z
  .object({
    fullName: fullNameSchema,
    mobile: mobileSchema,
    userName: userNameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, WORKSHOP_MSG.confirmRequired),
    roles: staffRolesSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: WORKSHOP_MSG.confirmMismatch,
    path: ['confirmPassword'],
  })
  .refine(passwordNotUserName.check, passwordNotUserName.params);
export type AddStaffRequest = z.output<typeof addStaffRequestSchema>;
export type AddStaffInput = z.input<typeof addStaffRequestSchema>;

/** POST /Staff/Edit: the password only when both fields are typed (a reset by the owner). */
export const editStaffRequestSchema = z
  .object({
    id: idSchema,
    fullName: fullNameSchema,
    mobile: mobileSchema,
    roles: staffRolesSchema,
    password: z.string().optional().default(''),
    confirmPassword: z.string().optional().default(''),
  })
  // The user name is not sent: the server checks it against the reset (`staffPasswordProblem`).
  .superRefine(passwordResetIssues);
export type EditStaffRequest = z.output<typeof editStaffRequestSchema>;
export type EditStaffInput = z.input<typeof editStaffRequestSchema>;

/** The server's check of an owner's reset, where the user name is known. */
export function staffPasswordProblem(password: string, userName: string): string | undefined {
  return password !== '' && passwordIsUserName(password, userName) ? PASSWORD_MSG.userName : undefined;
}

/** POST /Staff/Suspend */
export const suspendStaffRequestSchema = z.object({ id: idSchema, suspended: z.boolean() });
export type SuspendStaffRequest = z.output<typeof suspendStaffRequestSchema>;

/** GET /Manage/Staff?userId= : a lab's people for the administrator. */
export const manageStaffQuerySchema = z.object({
  userId: z.string().trim().pipe(z.uuid(WORKSHOP_MSG.idInvalid)),
});

/** Whether a person with these roles may do what one of `allowed` may. */
export function hasRole(roles: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return roles.some((role) => allowed.includes(role));
}

// ————— Per-person statistics (ADR 0050) —————

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalDate = z.preprocess(emptyToUndefined, gregorianDateInput().optional());

const periodFields = {
  /** Gregorian yyyy-mm-dd, whole Tehran days, both inclusive; absent: open on that side. */
  fromDate: optionalDate,
  toDate: optionalDate,
};

function periodOrder(
  q: { fromDate?: string | undefined; toDate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.fromDate && q.toDate && q.fromDate > q.toDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'تاریخ پایان نباید پیش از تاریخ شروع باشد' });
  }
}

/** `GET /Staff/Statistics` (owner). */
export const staffStatisticsQuerySchema = z.object(periodFields).superRefine(periodOrder);
export type StaffStatisticsQuery = z.output<typeof staffStatisticsQuerySchema>;

/** `GET /Manage/StaffStatistics` (admin): one lab's people. */
export const manageStaffStatisticsQuerySchema = z
  .object({ userId: z.string().trim().pipe(z.uuid(WORKSHOP_MSG.idInvalid)), ...periodFields })
  .superRefine(periodOrder);
export type ManageStaffStatisticsQuery = z.output<typeof manageStaffStatisticsQuerySchema>;

/**
 * One person's purities in the period, from the signed versions: first publications they recorded,
 * purities they verified, corrections they made, and how many of their own purities someone corrected
 * or the network withdrew. `correctionRate`: their purities corrected ÷ recorded (null when none).
 */
export const staffStatisticsRowSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  staffCode: z.number().int(),
  roles: z.array(z.enum(STAFF_ROLES)),
  suspended: z.boolean(),
  recorded: z.number().int(),
  verified: z.number().int(),
  corrected: z.number().int(),
  correctedOfTheirs: z.number().int(),
  withdrawn: z.number().int(),
  correctionRate: z.number().nullable(),
});
export type StaffStatisticsRow = z.infer<typeof staffStatisticsRowSchema>;
export const staffStatisticsResponseSchema = z.object({ list: z.array(staffStatisticsRowSchema) });
export type StaffStatisticsResponse = z.infer<typeof staffStatisticsResponseSchema>;

// Schemas of the «workshops» feature (docs/product.md §2.3, §2.4, §2.14, §3.11): public registration, the
// public list of labs, and the admin's workshop management. Shared by the server and the web app.
import { z } from 'zod';
import { toEnglishDigits, toPersianDigits } from './common/digits.ts';
import {
  instantSchema,
  intInput,
  normalizedString,
  optionalMobileInput,
  optionalTextInput,
} from './common/inputs.ts';
import { pagedSchema } from './common/paging.ts';
import { newPasswordSchema, PASSWORD_MSG, passwordIsUserName, passwordNotUserName } from './auth.ts';
import { LIMITS } from './constants.ts';

export const WORKSHOP_MSG = {
  fNameRequired: 'نام آزمایشگاه الزامی است',
  fullNameRequired: 'نام مدیر الزامی است',
  userNameRequired: 'نام کاربری الزامی است',
  userNameLength: `نام کاربری باید بین ${toPersianDigits(LIMITS.username.min)} تا ${toPersianDigits(LIMITS.username.max)} نویسه باشد`,
  userNameChars: 'نام کاربری فقط می‌تواند شامل حروف انگلیسی، رقم و نویسه‌های _ . - باشد',
  userNameTaken: 'این نام کاربری قبلاً ثبت شده است',
  passwordRequired: PASSWORD_MSG.required,
  passwordShort: PASSWORD_MSG.short,
  passwordLong: PASSWORD_MSG.long,
  passwordDigits: PASSWORD_MSG.digits,
  confirmRequired: 'تکرار رمز عبور الزامی است',
  confirmMismatch: 'رمز عبور و تکرار آن یکسان نیستند',
  mobileInvalid: 'شماره موبایل معتبر نیست (مثال: ۰۹۱۲۱۲۳۴۵۶۷)',
  phoneInvalid: 'شماره تلفن فقط شامل رقم و - است',
  tooLong: 'متن وارد شده بیش از حد طولانی است',
  idInvalid: 'شناسه معتبر نیست',
  registered: 'ثبت نام شما انجام شد. پس از فعال‌سازی حساب توسط مدیر سامانه می‌توانید وارد شوید.',
  added: 'آزمایشگاه با موفقیت ایجاد شد',
  edited: 'اطلاعات آزمایشگاه با موفقیت ذخیره شد',
  activated: 'آزمایشگاه فعال شد و می‌تواند شماره بسته بخرد و بسته ثبت کند',
  suspended: 'آزمایشگاه تعلیق شد و همه نشست‌های باز آن بسته شد',
  alreadyActive: 'این آزمایشگاه هم‌اکنون فعال است',
  alreadySuspended: 'این آزمایشگاه هم‌اکنون تعلیق است',
  newNotSuspendable: 'آزمایشگاه تازه ثبت‌نام‌شده هنوز وارد نشده است؛ آن را فعال یا حذف کنید',
  statusChanged: 'وضعیت این آزمایشگاه در این فاصله تغییر کرده است؛ فهرست را دوباره بارگیری کنید',
  deleted: 'آزمایشگاه حذف شد',
  adminNotDeletable: 'حساب مدیر سامانه قابل حذف نیست',
  audioInvalid: 'فایل صوتی پیدا نشد؛ دوباره بارگذاری کنید',
} as const;

/** ي→ی، ك→ک and no half-space (ZWNJ): how names are compared when searching. */
export function normalizePersianName(text: string): string {
  return toEnglishDigits(text)
    .replace(/\u064a/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9')
    .replace(/\u200c/g, '')
    .trim()
    .toLowerCase();
}

const requiredText = (message: string, max = 100) =>
  normalizedString.pipe(z.string().min(1, message).max(max, WORKSHOP_MSG.tooLong));

const optionalText = (max: number, multiline = false) =>
  optionalTextInput(max, WORKSHOP_MSG.tooLong, { multiline });

/**
 * A user name: Persian digits become ASCII, then 3–50 characters of ASCII letters, digits and `_ . -`
 * (so it can be typed on any keyboard and read aloud on the phone). Unique case-insensitively.
 */
export const userNameSchema = normalizedString.pipe(
  z
    .string()
    .min(1, WORKSHOP_MSG.userNameRequired)
    .min(LIMITS.username.min, WORKSHOP_MSG.userNameLength)
    .max(LIMITS.username.max, WORKSHOP_MSG.userNameLength)
    .regex(/^[A-Za-z0-9_.-]+$/, WORKSHOP_MSG.userNameChars),
);

/** An optional Iranian mobile: empty is null, anything else must be a mobile and becomes 09xxxxxxxxx. */
export const optionalMobileSchema = optionalMobileInput(WORKSHOP_MSG.mobileInvalid);

/** An optional landline: digits, spaces, + and - (Persian digits accepted). */
export const optionalPhoneSchema = optionalText(20).refine(
  (p) => p === null || /^[0-9+\-\s]+$/.test(p),
  WORKSHOP_MSG.phoneInvalid,
);

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;

/** Whether the match is worth checking; the body may be anything here, `null` included. */
function bothPasswordsTyped(payload: { value: unknown }): boolean {
  const v = (payload.value ?? {}) as { password?: unknown; confirmPassword?: unknown };
  return typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
}

// ————— Public registration (register, POST /Account/AddPublicUser) —————

export const addPublicUserRequestSchema = z
  .object({
    fName: requiredText(WORKSHOP_MSG.fNameRequired),
    fullName: requiredText(WORKSHOP_MSG.fullNameRequired),
    cellPhone: optionalMobileSchema,
    phone: optionalPhoneSchema,
    userName: userNameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, WORKSHOP_MSG.confirmRequired),
  })
  .refine(passwordsMatch, {
    message: WORKSHOP_MSG.confirmMismatch,
    path: ['confirmPassword'],
    // Checked even while other fields are still wrong, so the form shows every problem at once.
    when: bothPasswordsTyped,
  })
  .refine(passwordNotUserName.check, passwordNotUserName.params);
export type AddPublicUserRequest = z.output<typeof addPublicUserRequestSchema>;
export type AddPublicUserInput = z.input<typeof addPublicUserRequestSchema>;

// ————— Lists —————

/** `''`, missing or 0/1/5/9 (Persian digits too): the admin's status filter (ADR 0044). */
export const workshopStatusFilterSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return undefined;
    const text = toEnglishDigits(String(value)).trim();
    if (text === '') return undefined;
    return /^\d+$/.test(text) ? Number(text) : text;
  },
  z
    .union([z.literal(0), z.literal(1), z.literal(5), z.literal(9)], {
      message: 'وضعیت باید یکی از ۰، ۱، ۵ یا ۹ باشد',
    })
    .optional(),
);

export const WORKSHOP_SORTS = ['fName', 'fullName', 'createdAt'] as const;

const listQueryBase = {
  pageNumber: intInput({ min: 1, max: 1_000_000 }).default(1),
  pageSize: intInput({ min: 1, max: 500 }).default(100),
  name: normalizedString.pipe(z.string().max(100, WORKSHOP_MSG.tooLong)).optional(),
  /** The order inside a status group: fName (default), fullName or createdAt (newest first). */
  sortName: z
    .string()
    .optional()
    .transform((s) =>
      (WORKSHOP_SORTS as readonly string[]).includes(s ?? '')
        ? (s as (typeof WORKSHOP_SORTS)[number])
        : 'fName',
    ),
};

/** GET /Account/LabOwners (public). */
export const labOwnersQuerySchema = z.object(listQueryBase);
export type LabOwnersQuery = z.output<typeof labOwnersQuerySchema>;

/** A row of the public list: nothing but what a customer needs to reach the lab. */
export const publicLabOwnerSchema = z.object({
  fName: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  cellPhone: z.string().nullable(),
});
export type PublicLabOwner = z.infer<typeof publicLabOwnerSchema>;
export const publicLabOwnersResponseSchema = pagedSchema(publicLabOwnerSchema);

/** GET /Manage/LabOwners (admin). */
export const manageLabOwnersQuerySchema = z.object({ ...listQueryBase, status: workshopStatusFilterSchema });
export type ManageLabOwnersQuery = z.output<typeof manageLabOwnersQuerySchema>;

/** 0 new, 1 active, 5 inactive (the spec's codes) and 9 suspended (ADR 0044). */
export const workshopStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(5), z.literal(9)]);

export const manageLabOwnerSchema = z.object({
  id: z.string(),
  fName: z.string(),
  fullName: z.string(),
  userName: z.string(),
  /** The workshop code (کد کارگاه). */
  code: z.number().int().nullable(),
  status: workshopStatusSchema,
  cellPhone: z.string().nullable(),
  phone: z.string().nullable(),
  /** ISO instant. */
  createdAt: instantSchema,
});
export type ManageLabOwner = z.infer<typeof manageLabOwnerSchema>;
export const manageLabOwnersResponseSchema = pagedSchema(manageLabOwnerSchema);

// ————— Status and deletion —————

const idSchema = z.string().trim().pipe(z.uuid(WORKSHOP_MSG.idInvalid));

/**
 * POST /Manage/ActiveUser (ADR 0044). active=true activates in one step (0, 5 or 9 → 1); active=false
 * suspends in one step (1 or 5 → 9) and ends the lab's sessions. `fromStatus` (optional, what the admin
 * saw) makes a double click harmless: a second request finds the status already changed and is refused.
 */
export const activeUserRequestSchema = z.object({
  userId: idSchema,
  active: z.boolean(),
  fromStatus: workshopStatusSchema.optional(),
});
export type ActiveUserRequest = z.infer<typeof activeUserRequestSchema>;
export const activeUserResponseSchema = z.object({ status: workshopStatusSchema });

/** POST /Manage/DeleteUser: without `force` a workshop with data is refused with what remains. */
export const deleteUserRequestSchema = z.object({ id: idSchema, force: z.boolean().default(false) });
export type DeleteUserRequest = z.output<typeof deleteUserRequestSchema>;

/** What a delete removed (also written to the audit log). */
export const deleteUserResponseSchema = z.object({
  assays: z.number().int(),
  customers: z.number().int(),
  codeRanges: z.number().int(),
  credits: z.number().int(),
  payments: z.number().int(),
  files: z.number().int(),
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;

// ————— Add and edit (manage/add-user, manage/edit-user/{id}/{name}) —————

const workshopFields = {
  fName: requiredText(WORKSHOP_MSG.fNameRequired),
  fullName: requiredText(WORKSHOP_MSG.fullNameRequired),
  cellPhone: optionalMobileSchema,
  phone: optionalPhoneSchema,
  rejeCode: optionalText(50),
  address: optionalText(500, true),
  userName: userNameSchema,
  /** «فقط نمایش در لیست». */
  isPublicUser: z.boolean().default(false),
};

/**
 * A password set by someone else (the admin for a lab, the owner for a staff member): none when both
 * fields are empty, else the password rule, not the user name where it is known, and the same twice.
 */
export function passwordResetIssues(
  v: { password: string; confirmPassword: string; userName?: string },
  ctx: z.RefinementCtx,
): void {
  if (v.password === '' && v.confirmPassword === '') return;
  const checked = newPasswordSchema.safeParse(v.password);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['password'] });
    }
  } else if (v.userName !== undefined && passwordIsUserName(v.password, v.userName)) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MSG.userName, path: ['password'] });
  }
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: WORKSHOP_MSG.confirmMismatch, path: ['confirmPassword'] });
  }
}

/** POST /Manage/AddUser: a workshop the admin creates starts active (status 1, docs/product.md §5.8). */
export const addUserRequestSchema = z
  .object({
    ...workshopFields,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, WORKSHOP_MSG.confirmRequired),
  })
  .refine(passwordsMatch, {
    message: WORKSHOP_MSG.confirmMismatch,
    path: ['confirmPassword'],
    when: bothPasswordsTyped,
  })
  .refine(passwordNotUserName.check, passwordNotUserName.params);
export type AddUserRequest = z.output<typeof addUserRequestSchema>;
export type AddUserInput = z.input<typeof addUserRequestSchema>;

/** The id of an uploaded file from its address (`/api/v1.0/Files/<id>`) or the bare id. */
export function fileIdFromAddress(address: string): string | null {
  const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(address.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * POST /Manage/EditUser. Password and its repeat are optional: both empty leaves the password as it
 * is; otherwise the new password follows the rules and ends every session of that workshop.
 * `file` is the uploaded audio (its address or id): left out = unchanged, '' or null = removed.
 */
export const editUserRequestSchema = z
  .object({
    ...workshopFields,
    userId: idSchema,
    isLabOwner: z.boolean().default(false),
    file: z
      .union([z.string(), z.null()])
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === null || value.trim() === '') return null;
        const id = fileIdFromAddress(value);
        if (!id) {
          ctx.addIssue({ code: 'custom', message: WORKSHOP_MSG.audioInvalid });
          return z.NEVER;
        }
        return id;
      }),
    password: z.string().optional().default(''),
    confirmPassword: z.string().optional().default(''),
  })
  .superRefine(passwordResetIssues);
export type EditUserRequest = z.output<typeof editUserRequestSchema>;
export type EditUserInput = z.input<typeof editUserRequestSchema>;

export const addUserResponseSchema = z.object({ id: z.string(), code: z.number().int().nullable() });

/** GET /Manage/UserById?id= */
export const userByIdQuerySchema = z.object({ id: idSchema });

/** The first (only) item of GET /Manage/UserById's list (docs/product.md §8.2): the edit form's fields. */
export const workshopDetailSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fName: z.string(),
  fullName: z.string(),
  cellPhone: z.string().nullable(),
  phone: z.string().nullable(),
  rejeCode: z.string().nullable(),
  address: z.string().nullable(),
  userName: z.string(),
  isPublicUser: z.boolean(),
  isLabOwner: z.boolean(),
  status: workshopStatusSchema,
  code: z.number().int().nullable(),
  /** The audio file's address, or null. */
  file: z.string().nullable(),
});
export type WorkshopDetail = z.infer<typeof workshopDetailSchema>;
export const userByIdResponseSchema = z.array(workshopDetailSchema);

// ————— Autocomplete (GET /Manage/UsersByName) —————

export const usersByNameQuerySchema = z.object({
  name: normalizedString.pipe(z.string().max(100, WORKSHOP_MSG.tooLong)).default(''),
  status: workshopStatusFilterSchema,
});
export type UsersByNameQuery = z.output<typeof usersByNameQuerySchema>;

export const usersByNameItemSchema = z.object({ id: z.string(), name: z.string() });
export type UsersByNameItem = z.infer<typeof usersByNameItemSchema>;
export const USERS_BY_NAME_LIMIT = 20;

// ————— Files (POST /Tests/AddFile) —————

export const AUDIO_MAX_BYTES = 5 * 1024 * 1024;
/** The address of an uploaded file, as AddFile answers it. */
export const fileAddress = (id: string) => `/api/v1.0/Files/${id}`;

import { z } from 'zod';
import { normalizedString } from './common/digits.ts';
import { ROLES } from './constants.ts';

export const loginRequestSchema = z.object({
  userName: normalizedString.pipe(z.string().min(1, 'نام کاربری الزامی است').max(100)),
  password: z.string().min(1, 'رمز عبور الزامی است').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Per-user preferences (SPEC.md 3), stored as jsonb and sent to the client as the JSON string `userSanapass`. */
export const userSettingsSchema = z.object({
  labType: z.union([z.literal(0), z.literal(1)]).default(0),
  sendSMS: z.boolean().default(false),
  showCustomerNameForReport: z.boolean().default(false),
  showReadyTimeForReport: z.boolean().default(false),
  showSampleWeight: z.boolean().default(false),
  showWeight: z.boolean().default(true),
  showDesc: z.boolean().default(true),
  vage: z.number().int().min(0).default(0),
  vageType: z.union([z.literal(0), z.literal(1)]).default(1),
  showSampleWeightForReport: z.boolean().default(false),
  showWeightForReport: z.boolean().default(false),
  showTypeForReport: z.boolean().default(false),
  testType: z.string().nullable().default(null),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const DEFAULT_USER_SETTINGS: UserSettings = userSettingsSchema.parse({});

export const testTypeSchema = z.object({ id: z.string(), name: z.string() });
export type TestType = z.infer<typeof testTypeSchema>;

/** What `POST /Account/login` returns as data (SPEC.md 3, "Logged-in user info"). */
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

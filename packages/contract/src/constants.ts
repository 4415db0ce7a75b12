/** Base path of every API call (docs/product.md §8.1). */
export const API_PREFIX = '/api/v1.0';

export const ROLES = ['admin', 'workshop'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a person of a lab may do (ADR 0049). The lab's own account is its owner; the owner adds staff,
 * each with one or more of these. Roles narrow the `workshop` audience: a route open to workshops names
 * the roles that may call it.
 */
export const STAFF_ROLES = ['owner', 'counter', 'assayer', 'accountant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The lab's words for the roles (docs/glossary.md). */
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'مدیر آزمایشگاه',
  counter: 'پذیرش',
  assayer: 'عیارسنج',
  accountant: 'حسابدار',
};

/**
 * Who may call a route. Every server route declares one (docs/product.md §7.1); `partner` is a partner
 * system with an API key (`X-Api-Key`) of the route's scope (ADR 0061).
 */
export const AUDIENCES = ['public', 'workshop', 'admin', 'any-user', 'partner'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * Workshop status (docs/product.md §5.8): the spec's 0 new, 5 inactive lab, 1 active lab with codes, and
 * 9 suspended by the administrator, a state of its own the spec does not name (ADR 0044).
 */
export const WORKSHOP_STATUS = { new: 0, active: 1, inactive: 5, suspended: 9 } as const;
export type WorkshopStatus = (typeof WORKSHOP_STATUS)[keyof typeof WORKSHOP_STATUS];

/** The six fixed test types; their ids never change, so clients and seeds can rely on them. */
export const TEST_TYPES = [
  { id: '6f1b3c2a-0001-4a5e-9c1d-000000000001', name: 'ساخته' },
  { id: '6f1b3c2a-0002-4a5e-9c1d-000000000002', name: 'متفرقه' },
  { id: '6f1b3c2a-0003-4a5e-9c1d-000000000003', name: 'شمش' },
  { id: '6f1b3c2a-0004-4a5e-9c1d-000000000004', name: 'سکه' },
  { id: '6f1b3c2a-0005-4a5e-9c1d-000000000005', name: 'آبشده' },
  { id: '6f1b3c2a-0006-4a5e-9c1d-000000000006', name: 'نقره' },
] as const;

/** The special «مشتری متفرقه»: a one-off sample owner named on the packet itself. */
export const OTHER_CUSTOMER_ID = '6f1b3c2a-0000-4a5e-9c1d-0000000000ff';

/** System setting keys (docs/product.md §3.10). */
export const SYSTEM_SETTING_KEYS = [
  'NumPrice',
  'AccountNumber',
  'AccountName',
  'ReadySMS',
  'WaitSMS',
  'RaySMS',
  /** 'true': every lab's purities wait for a second person (ADR 0050), whatever the lab's setting. */
  'RequireSecondVerification',
] as const;
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];
export const SMS_TEMPLATE_SEPARATOR = '-=-';

export const LIMITS = {
  codeCount: { min: 1, max: 100_000, defaultAfterLoad: 1000 },
  purity: { min: 600, max: 999 },
  readyTime: { min: 1, max: 2880 },
  creditAmount: { min: 1000, max: 100_000_000 },
  password: { min: 8, max: 128 },
  username: { min: 3, max: 50 },
} as const;

export const UI = {
  alertMs: 3000,
  holdToConfirmMs: 2000,
  desktopMinWidth: 768,
  autocompleteCloseMs: 500,
} as const;

export const ALERT_LEVEL = { success: 1, error: 2, info: 3 } as const;
export type AlertLevel = (typeof ALERT_LEVEL)[keyof typeof ALERT_LEVEL];

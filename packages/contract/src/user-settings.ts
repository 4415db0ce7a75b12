// A workshop user's preferences (docs/product.md §3.2) as plain values: the defaults and a zod-free reader,
// for the web app's session store, which loads with the public landing page. The zod schema that the server
// and the settings form validate with is `userSettingsSchema` in auth.ts, built on these.

export interface UserSettings {
  labType: 0 | 1;
  sendSMS: boolean;
  showCustomerNameForReport: boolean;
  showReadyTimeForReport: boolean;
  showSampleWeight: boolean;
  showWeight: boolean;
  showDesc: boolean;
  vage: number;
  vageType: 0 | 1;
  showSampleWeightForReport: boolean;
  showWeightForReport: boolean;
  showTypeForReport: boolean;
  testType: string | null;
  /** The ready-SMS text this workshop chose from the network's list; null: the list's first (ADR 0027). */
  readySms: string | null;
  /** The wait-SMS text this workshop chose; null: the list's first. */
  waitSms: string | null;
  /** «تأیید دوم عیار»: a purity waits for a second person before it is published (ADR 0050). */
  requireSecondVerification: boolean;
  /** Fire assay: the largest difference between duplicates, per mille, still reported (ADR 0059). */
  fireTolerance: number;
  /** Fire assay: how the reported purity follows from two determinations within tolerance (ADR 0059). */
  fireRule: 'meanDown' | 'meanRound' | 'lower';
}

/**
 * Defaults when none are stored (docs/product.md §3.2): ingot mode, SMS off, gold weight and description
 * shown, fixed fee.
 */
export const DEFAULT_USER_SETTINGS: Readonly<UserSettings> = Object.freeze({
  labType: 0,
  sendSMS: false,
  showCustomerNameForReport: false,
  showReadyTimeForReport: false,
  showSampleWeight: false,
  showWeight: true,
  showDesc: true,
  vage: 0,
  vageType: 1,
  showSampleWeightForReport: false,
  showWeightForReport: false,
  showTypeForReport: false,
  testType: null,
  readySms: null,
  waitSms: null,
  requireSecondVerification: false,
  fireTolerance: 2,
  fireRule: 'meanDown',
});

/**
 * Reads stored settings leniently: every known key of the right kind is kept, anything else falls
 * back to its default. The server validated them when they were saved; this only guards the client.
 */
export function readUserSettings(value: unknown): UserSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const out: UserSettings = { ...DEFAULT_USER_SETTINGS };
  for (const key of Object.keys(out) as (keyof UserSettings)[]) {
    const v = stored[key];
    const fallback = DEFAULT_USER_SETTINGS[key];
    const ok =
      key === 'labType' || key === 'vageType'
        ? v === 0 || v === 1
        : key === 'testType' || key === 'readySms' || key === 'waitSms'
          ? v === null || typeof v === 'string'
          : key === 'vage'
            ? typeof v === 'number' && Number.isFinite(v) && v >= 0
            : key === 'fireTolerance'
              ? typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 20
              : key === 'fireRule'
                ? v === 'meanDown' || v === 'meanRound' || v === 'lower'
                : typeof v === typeof fallback;
    if (ok) (out as unknown as Record<string, unknown>)[key] = v;
  }
  return out;
}

import { ROUTES } from '@ayar/contract';
import type { LabDraft } from '@ayar/contract';
import { apiCall, apiRequest } from '../../lib/api.ts';
import { downloadExport } from '../../lib/download.ts';
import { PACKETS_KEY } from '../../lib/queries/packets.ts';
import { apiQuery, useApiMutation } from '../../lib/query.ts';
import type { QueryValue } from '../../lib/api.ts';

/**
 * The packets' keys: every query starts with `all` (shared in lib/queries with the counts and the
 * slip), so a change refreshes lists, counts and the edit screens; `manageList` is the admin's lists.
 */
export const ASSAY_KEYS = {
  all: PACKETS_KEY,
  manageList: [...PACKETS_KEY, 'manage', 'list'],
} as const;

/** The lab list's page size (docs/product.md §6.5). */
export const LAB_PAGE_SIZE = 100;

type Filter = Record<string, QueryValue>;

export const assayQueries = {
  /** The workshop's packets, a page at a time, optionally only those waiting for their purity. */
  list: (query: Filter) => apiQuery([...PACKETS_KEY, 'list'], ROUTES.tests.allTests, { query }),
  /** «در انتظار تأیید»: purities waiting for a second person (ADR 0050); a count of work, so fresh. */
  verifyQueue: (query: { pageSize: number; pageNumber: number }) =>
    apiQuery([...PACKETS_KEY, 'verify'], ROUTES.tests.allTests, {
      query: { ...query, awaitingVerification: true },
      fresh: true,
    }),
  /** One of the workshop's packets, for its edit screen. */
  one: (id: string) => apiQuery([...PACKETS_KEY, 'one', id], ROUTES.tests.getTest, { query: { testId: id } }),
  /** Every workshop's packets for the admin (or only those whose deletion was asked for). */
  manageList: (query: Filter) => apiQuery(ASSAY_KEYS.manageList, ROUTES.manage.allTests, { query }),
  /** A packet for the admin's edit screen. */
  manageOne: (id: string) =>
    apiQuery([...PACKETS_KEY, 'manage', 'one', id], ROUTES.manage.getTest, {
      query: { testId: id },
    }),
  /** The lab's packet: every signed version of its result (ADR 0029), oldest first. */
  versions: (testId: string) =>
    apiQuery([...PACKETS_KEY, 'versions', testId], ROUTES.tests.resultVersions, { query: { testId } }),
  /** Any packet's signed versions, for the admin. */
  manageVersions: (testId: string) =>
    apiQuery([...PACKETS_KEY, 'manage', 'versions', testId], ROUTES.manage.resultVersions, {
      query: { testId },
    }),
  /** How the packet's purity was measured, and every fire assay (ADR 0059). */
  purityHistory: (testId: string) =>
    apiQuery([...PACKETS_KEY, 'purityHistory', testId], ROUTES.tests.purityHistory, {
      query: { testId },
      // A panel beside the form: its failure shows as its own empty state, not as an alert.
      silent: true,
      background: true,
    }),
  /** Who changed what of a packet, and when. */
  history: (testId: string) =>
    apiQuery([...PACKETS_KEY, 'manage', 'history', testId], ROUTES.manage.testHistory, {
      query: { testId },
    }),
};

/**
 * The workshop's next packet number (lab/add; docs/product.md §4.2). Refused when it has none left.
 * Silent: lab/add says why itself (offline, it takes a number this device holds instead). With the
 * device's header, a lab whose counters hold every free number still gets one of this device's.
 */
export const fetchNextCode = (signal: AbortSignal, headers: Record<string, string> = {}) =>
  apiRequest(ROUTES.tests.getCode, { signal, silent: true, headers });

/** The device's header (ADR 0033) on CheckCode and AddTest; the caller shows failures itself. */
type DeviceCall = { headers?: Record<string, string> };

/** Whether a packet number may be registered by this workshop («ذخیره و ادامه»). */
export const checkCode = (body: { code: number; userId: string | undefined }, { headers }: DeviceCall = {}) =>
  apiCall(ROUTES.tests.checkCode, { body, headers, silent: true });
/** Registers the pending packets (or the one on the form) in one request. */
export const addTests = (list: LabDraft[], { headers }: DeviceCall = {}) =>
  apiCall(ROUTES.tests.addTest, { body: list, headers, silent: true });

/** Silent: the waiting list shows a refusal itself, and queues the purities when the line is down. */
export const useAddCutting = () => useApiMutation(ROUTES.tests.addCutting, { silent: true });
/** «تأیید» or «برگشت» of waiting purities (ADR 0050); the client shows a refusal (own purity: 403). */
export const useVerifyCutting = () => useApiMutation(ROUTES.tests.verifyCutting);
export const useEditTest = () => useApiMutation(ROUTES.tests.editTest);
/** Fire assay duplicates (ADR 0059); the panel shows the outcome, the client a refusal. */
export const useAddFireAssay = () => useApiMutation(ROUTES.tests.addFireAssay);
export const useDeleteTest = () => useApiMutation(ROUTES.tests.deleteTest);
export const useRequestDeleteTest = () => useApiMutation(ROUTES.tests.requestToDeleteTest);
export const useManageEditTest = () => useApiMutation(ROUTES.manage.editTest);
export const useManageDeleteTest = () => useApiMutation(ROUTES.manage.deleteTest);
export const useDeclineDelete = () => useApiMutation(ROUTES.manage.declineDeleteTest);
export const useWithdrawResult = () => useApiMutation(ROUTES.manage.withdrawResult);

/** Saves the instrument file a purity was imported from (its evidence, ADR 0059) under its uploaded name. */
export async function downloadImportFile(importId: string): Promise<void> {
  try {
    await downloadExport(ROUTES.tests.importFile, { importId }, { fallbackName: 'فایل دستگاه.csv' });
  } catch {
    // The client has shown the reason.
  }
}

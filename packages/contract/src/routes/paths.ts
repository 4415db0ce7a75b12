import type { Audience, StaffRole } from '../constants.ts';
import type { PartnerScope } from '../partner-scopes.ts';

// Zod-free on purpose: the landing page's lookups read paths from here without loading a schema
// (ADR 0014, the landing budget). `ROUTES` (routes.ts) adds each route's schemas and documentation to
// these entries, so a method, path or audience is written once, here.

export type HttpMethod = 'GET' | 'POST';

/** Where a route is and who may call it. */
export interface RoutePath {
  readonly method: HttpMethod;
  /** Under `API_PREFIX` (`/api/v1.0`); `:name` is a path parameter. */
  readonly path: string;
  readonly audience: Audience;
  /**
   * For `workshop` and `any-user` routes: the roles of a lab's people that may call it (ADR 0049); the
   * server refuses the others with 403. Absent for `public` and `admin` routes.
   */
  readonly roles?: readonly StaffRole[];
  /** For `partner` routes: the scope the API key must have (ADR 0061). */
  readonly scope?: PartnerScope;
}

const p = <const M extends HttpMethod, const P extends string, const A extends 'public' | 'admin'>(
  method: M,
  path: P,
  audience: A,
) => ({ method, path, audience });

/** A route for a lab's people: the roles that may call it (ADR 0049, the role matrix). */
const w = <const M extends HttpMethod, const P extends string, const R extends readonly StaffRole[]>(
  method: M,
  path: P,
  roles: R,
) => ({ method, path, audience: 'workshop' as const, roles });

/** A route for a partner system's API key with this scope (ADR 0061). */
const k = <const M extends HttpMethod, const P extends string, const S extends PartnerScope>(
  method: M,
  path: P,
  scope: S,
) => ({ method, path, audience: 'partner' as const, scope });

/** A route for any signed-in user: the administrator, and these roles of a lab's people. */
const u = <const M extends HttpMethod, const P extends string, const R extends readonly StaffRole[]>(
  method: M,
  path: P,
  roles: R,
) => ({ method, path, audience: 'any-user' as const, roles });

// The role matrix (ADR 0049). The owner may do everything a lab may; the others what their work needs.
const EVERYONE = ['owner', 'counter', 'assayer', 'accountant'] as const;
const OWNER = ['owner'] as const;
/** Customers and packets before a purity: the counter. */
const COUNTER = ['owner', 'counter'] as const;
/** Purities, corrections and verification: the assayer. */
const ASSAYER = ['owner', 'assayer'] as const;
/** Credit, numbers, the fund report, statistics: the accountant. */
const MONEY = ['owner', 'accountant'] as const;
/** Customers' accounts (receipts and payments) and customer look-ups: the counter and the accountant. */
const LEDGER = ['owner', 'counter', 'accountant'] as const;
/** Registering and recording: a packet's edit screen is used by the counter and the assayer. */
const BENCH = ['owner', 'counter', 'assayer'] as const;

/**
 * Every path of /api/v1.0 (docs/product.md §8.2) with its method and audience, under the names the
 * server and the web client use. `ROUTES` has the same entries with their schemas.
 */
export const ROUTE_PATHS = {
  account: {
    login: p('POST', '/Account/login', 'public'),
    logout: u('POST', '/Account/logout', EVERYONE),
    disposableLogin: p('POST', '/Account/DisposableLogin', 'public'),
    disposableLoginOtp: p('POST', '/Account/DisposableLoginOTP', 'public'),
    getAllCode: w('GET', '/Account/GetAllCode', MONEY),
    getCode: w('POST', '/Account/GetCode', MONEY),
    editSettings: w('POST', '/Account/EditSettings', OWNER),
    getStore: w('GET', '/Account/GetStore', MONEY),
    changePassword: u('POST', '/Account/ChangePassword', EVERYONE),
    profile: u('GET', '/Account/Profile', EVERYONE),
    /** The lab's letterhead on its printed papers. */
    letterhead: w('GET', '/Account/Letterhead', EVERYONE),
    addCredit: w('POST', '/Account/AddCredit', MONEY),
    getCredits: w('GET', '/Account/GetCredits', MONEY),
    addOrUpdateSystemSetting: p('POST', '/Account/AddOrUpdateSystemSetting', 'admin'),
    systemSettings: p('GET', '/Account/SystemSettings', 'admin'),
    addPublicUser: p('POST', '/Account/AddPublicUser', 'public'),
    labOwners: p('GET', '/Account/LabOwners', 'public'),
    smsTemplates: w('GET', '/Account/SmsTemplates', OWNER),
  },
  tests: {
    result: p('POST', '/Tests/Result', 'public'),
    allTests: w('GET', '/Tests/AllTests', EVERYONE),
    addTest: w('POST', '/Tests/AddTest', COUNTER),
    checkCode: w('POST', '/Tests/CheckCode', COUNTER),
    getCode: w('POST', '/Tests/GetCode', COUNTER),
    editTest: w('POST', '/Tests/EditTest', BENCH),
    getTest: w('GET', '/Tests/GetTest', EVERYONE),
    deleteTest: w('POST', '/Tests/DeleteTest', COUNTER),
    requestToDeleteTest: w('POST', '/Tests/RequestToDeleteTest', COUNTER),
    addCutting: w('POST', '/Tests/AddCutting', ASSAYER),
    /** A second person accepts or sends back recorded purities (ADR 0050). */
    verifyCutting: w('POST', '/Tests/VerifyCutting', ASSAYER),
    getStatistics: w('POST', '/Tests/GetStatistics', MONEY),
    getDailyStatistics: w('POST', '/Tests/GetDailyStatistics', MONEY),
    addFile: u('POST', '/Tests/AddFile', BENCH),
    resultByToken: p('GET', '/Tests/ResultByToken', 'public'),
    /** A printed slip against the live result (ADR 0029). */
    verifySlip: p('POST', '/Tests/VerifySlip', 'public'),
    /** One of the workshop's packets' signed versions (ADR 0029). */
    resultVersions: w('GET', '/Tests/ResultVersions', EVERYONE),
    /** Numbers kept for one device to register offline (ADR 0033). */
    reserveCodes: w('POST', '/Tests/ReserveCodes', COUNTER),
    releaseCodes: w('POST', '/Tests/ReleaseCodes', COUNTER),
    /** The lab's numbers and the devices holding some (ADR 0045). */
    reservations: w('GET', '/Tests/Reservations', MONEY),
    /** Fire assay (cupellation): two determinations and an optional proof (ADR 0059). */
    addFireAssay: w('POST', '/Tests/AddFireAssay', ASSAYER),
    /** How a packet's purity was measured: method, instrument, determinations and evidence (ADR 0059). */
    purityHistory: w('GET', '/Tests/PurityHistory', EVERYONE),
    /** An instrument's results file (ADR 0059): the lab's column mappings, a preview, the apply. */
    importMappings: w('GET', '/Tests/ImportMappings', ASSAYER),
    addImportMapping: w('POST', '/Tests/ImportMappings', ASSAYER),
    deleteImportMapping: w('POST', '/Tests/ImportMappings/Delete', ASSAYER),
    importPreview: w('POST', '/Tests/ImportPreview', ASSAYER),
    importApply: w('POST', '/Tests/ImportApply', ASSAYER),
    /** The file an import was read from, kept as evidence. */
    importFile: w('GET', '/Tests/ImportFile', EVERYONE),
  },
  customer: {
    addCustomer: w('POST', '/Customer/AddCustomer', COUNTER),
    customersByName: w('GET', '/Customer/CustomersByName', LEDGER),
    /** Every customer (up to a limit) for the counter's offline choosing (ADR 0047). */
    customerBook: w('GET', '/Customer/CustomerBook', COUNTER),
    allCustomers: w('GET', '/Customer/AllCustomers', LEDGER),
    delete: w('POST', '/Customer/Delete', COUNTER),
    getCustomer: w('GET', '/Customer/GetCustomer', LEDGER),
    addPay: w('POST', '/Customer/AddPay', LEDGER),
    getPays: w('GET', '/Customer/GetPays', LEDGER),
    deletePay: w('POST', '/Customer/DeletePay', LEDGER),
    /** A customer's printed statement for a range of days (the roles of GetPays). */
    statement: w('GET', '/Customer/Statement', LEDGER),
  },
  manage: {
    partnerKeys: p('GET', '/Manage/PartnerKeys', 'admin'),
    addPartnerKey: p('POST', '/Manage/PartnerKeys', 'admin'),
    revokePartnerKey: p('POST', '/Manage/PartnerKeys/Revoke', 'admin'),
    webhookDeliveries: p('GET', '/Manage/WebhookDeliveries', 'admin'),
    replayWebhookDelivery: p('POST', '/Manage/WebhookDeliveries/Replay', 'admin'),
    allCredits: p('GET', '/Manage/AllCredits', 'admin'),
    acceptCredit: p('POST', '/Manage/AcceptCredit', 'admin'),
    getAllCode: p('GET', '/Manage/GetAllCode', 'admin'),
    getCodes: p('POST', '/Manage/GetCodes', 'admin'),
    deleteCode: p('POST', '/Manage/DeleteCode', 'admin'),
    usersByName: p('GET', '/Manage/UsersByName', 'admin'),
    allTests: p('GET', '/Manage/AllTests', 'admin'),
    getTest: p('GET', '/Manage/GetTest', 'admin'),
    editTest: p('POST', '/Manage/EditTest', 'admin'),
    deleteTest: p('POST', '/Manage/DeleteTest', 'admin'),
    declineDeleteTest: p('POST', '/Manage/DeclineDeleteTest', 'admin'),
    testHistory: p('GET', '/Manage/TestHistory', 'admin'),
    allCustomers: p('GET', '/Manage/AllCustomers', 'admin'),
    deleteCustomer: p('POST', '/Manage/Delete', 'admin'),
    getCustomer: p('GET', '/Manage/GetCustomer', 'admin'),
    editCustomer: p('POST', '/Manage/EditCustomer', 'admin'),
    deleteUser: p('POST', '/Manage/DeleteUser', 'admin'),
    activeUser: p('POST', '/Manage/ActiveUser', 'admin'),
    addUser: p('POST', '/Manage/AddUser', 'admin'),
    editUser: p('POST', '/Manage/EditUser', 'admin'),
    userById: p('GET', '/Manage/UserById', 'admin'),
    getManageStatistics: p('POST', '/Manage/GetManageStatistics', 'admin'),
    getTestStatisticsWithGroupUser: p('POST', '/Manage/GetTestStatisticsWithGroupUser', 'admin'),
    getTestStatisticsDetailByUserId: p('GET', '/Manage/GetTestStatisticsDetailByUserId', 'admin'),
    removeTest: p('POST', '/Manage/RemoveTest', 'admin'),
    getDailyStatistics: p('POST', '/Manage/GetDailyStatistics', 'admin'),
    messages: p('GET', '/Manage/Messages', 'admin'),
    labOwners: p('GET', '/Manage/LabOwners', 'admin'),
    backupStatus: p('GET', '/Manage/BackupStatus', 'admin'),
    /** The backups screen (ADR 0053). */
    backups: p('GET', '/Manage/Backups', 'admin'),
    startBackup: p('POST', '/Manage/Backups/Start', 'admin'),
    siteInfo: p('POST', '/Manage/SiteInfo', 'admin'),
    withdrawResult: p('POST', '/Manage/WithdrawResult', 'admin'),
    resultVersions: p('GET', '/Manage/ResultVersions', 'admin'),
    /** A lab's people (ADR 0049). */
    staff: p('GET', '/Manage/Staff', 'admin'),
    staffStatistics: p('GET', '/Manage/StaffStatistics', 'admin'),
  },
  staff: {
    list: w('GET', '/Staff/List', OWNER),
    add: w('POST', '/Staff/Add', OWNER),
    edit: w('POST', '/Staff/Edit', OWNER),
    suspend: w('POST', '/Staff/Suspend', OWNER),
    /** Purities per person (ADR 0050). */
    statistics: w('GET', '/Staff/Statistics', OWNER),
  },
  /** Excel and CSV files of the lists (ADR 0055): each has the roles of the list it exports. */
  exports: {
    tests: w('GET', '/Tests/AllTests/Export', EVERYONE),
    customers: w('GET', '/Customer/AllCustomers/Export', LEDGER),
    pays: w('GET', '/Customer/GetPays/Export', LEDGER),
    store: w('GET', '/Account/GetStore/Export', MONEY),
    credits: w('GET', '/Account/GetCredits/Export', MONEY),
    codes: w('GET', '/Account/GetAllCode/Export', MONEY),
    staffStatistics: w('GET', '/Staff/Statistics/Export', OWNER),
    manageTests: p('GET', '/Manage/AllTests/Export', 'admin'),
    manageCustomers: p('GET', '/Manage/AllCustomers/Export', 'admin'),
    manageCredits: p('GET', '/Manage/AllCredits/Export', 'admin'),
    manageCodes: p('GET', '/Manage/GetAllCode/Export', 'admin'),
    manageLabs: p('GET', '/Manage/LabOwners/Export', 'admin'),
    manageMessages: p('GET', '/Manage/Messages/Export', 'admin'),
    manageStatistics: p('GET', '/Manage/GetManageStatistics/Export', 'admin'),
    manageStatisticsByLab: p('GET', '/Manage/GetTestStatisticsWithGroupUser/Export', 'admin'),
    manageDailyStatistics: p('GET', '/Manage/GetDailyStatistics/Export', 'admin'),
    manageStaffStatistics: p('GET', '/Manage/StaffStatistics/Export', 'admin'),
  },
  results: {
    photo: p('GET', '/Results/Photo/:token/:fileId', 'public'),
  },
  site: {
    info: p('GET', '/Site/Info', 'public'),
    trustSeal: p('GET', '/Site/TrustSeal/:id', 'public'),
  },
  files: {
    get: u('GET', '/Files/:id', EVERYONE),
  },
  partner: {
    results: k('POST', '/Partner/Results', 'results:read'),
    webhooks: k('GET', '/Partner/Webhooks', 'results:subscribe'),
    addWebhook: k('POST', '/Partner/Webhooks', 'results:subscribe'),
    deleteWebhook: k('POST', '/Partner/Webhooks/Delete', 'results:subscribe'),
  },
  sms: {
    receive: p('POST', '/Sms/Receive/:secret', 'public'),
    receiveByQuery: p('GET', '/Sms/Receive/:secret', 'public'),
  },
} as const;

import type { RouteDef } from './routes/define.ts';
import type { ROUTE_PATHS } from './routes/paths.ts';
import * as admin from './routes/admin.ts';
import * as assays from './routes/assays.ts';
import * as auth from './routes/auth.ts';
import * as codes from './routes/codes.ts';
import * as credits from './routes/credits.ts';
import * as customers from './routes/customers.ts';
import * as deleteRequests from './routes/delete-requests.ts';
import * as exportsRoutes from './routes/exports.ts';
import * as files from './routes/files.ts';
import * as imports from './routes/imports.ts';
import * as offline from './routes/offline.ts';
import * as partners from './routes/partners.ts';
import * as payments from './routes/payments.ts';
import * as results from './routes/results.ts';
import * as resultVersions from './routes/result-versions.ts';
import * as settings from './routes/settings.ts';
import * as smsLookup from './routes/sms-lookup.ts';
import * as staff from './routes/staff.ts';
import * as statement from './routes/statement.ts';
import * as statistics from './routes/statistics.ts';
import * as workshops from './routes/workshops.ts';

export { ROUTE_PATHS, type HttpMethod, type RoutePath } from './routes/paths.ts';
export {
  fileBytesSchema,
  routesOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
  type RouteExample,
} from './routes/define.ts';

/** Each entry of `ROUTES` is a `RouteDef` at the same method, path and audience as in `ROUTE_PATHS`. */
type RouteTable<T> = { readonly [G in keyof T]: { readonly [K in keyof T[G]]: RouteDef & T[G][K] } };

/**
 * Every route of /api/v1.0 (docs/product.md §8.2): where it is and who may call it (`ROUTE_PATHS`), its
 * zod schemas, what it does and an example. The server registers routes from these entries (and nothing
 * else), the OpenAPI document is generated from them, and the web client calls them by name. Each
 * feature describes its routes in `routes/<feature>.ts`; this table puts them under the API's names.
 */
export const ROUTES = {
  account: {
    login: auth.login,
    logout: auth.logout,
    disposableLogin: auth.disposableLogin,
    disposableLoginOtp: auth.disposableLoginOtp,
    getAllCode: codes.getAllCode,
    getCode: codes.getCode,
    editSettings: settings.editSettings,
    getStore: payments.getStore,
    changePassword: auth.changePassword,
    profile: auth.profile,
    letterhead: statement.getLetterhead,
    addCredit: credits.addCredit,
    getCredits: credits.getCredits,
    addOrUpdateSystemSetting: settings.addOrUpdateSystemSetting,
    systemSettings: settings.systemSettings,
    addPublicUser: workshops.addPublicUser,
    labOwners: workshops.labOwners,
    smsTemplates: settings.smsTemplates,
  },
  tests: {
    result: results.result,
    allTests: assays.allTests,
    addTest: assays.addTest,
    checkCode: assays.checkCode,
    getCode: assays.getCode,
    editTest: assays.editTest,
    getTest: assays.getTest,
    deleteTest: deleteRequests.deleteTest,
    requestToDeleteTest: deleteRequests.requestToDeleteTest,
    addCutting: assays.addCutting,
    verifyCutting: assays.verifyCutting,
    getStatistics: statistics.getStatistics,
    getDailyStatistics: statistics.getDailyStatistics,
    addFile: files.addFile,
    resultByToken: results.resultByToken,
    verifySlip: resultVersions.verifySlip,
    resultVersions: resultVersions.resultVersions,
    reserveCodes: offline.reserveCodes,
    releaseCodes: offline.releaseCodes,
    reservations: offline.reservations,
    addFireAssay: assays.addFireAssay,
    purityHistory: assays.purityHistory,
    importMappings: imports.importMappings,
    addImportMapping: imports.addImportMapping,
    deleteImportMapping: imports.deleteImportMapping,
    importPreview: imports.importPreview,
    importApply: imports.importApply,
    importFile: imports.importFile,
  },
  customer: {
    addCustomer: customers.addCustomer,
    customersByName: customers.customersByName,
    customerBook: customers.customerBook,
    allCustomers: customers.allCustomers,
    delete: customers.deleteCustomer,
    getCustomer: customers.getCustomer,
    addPay: payments.addPay,
    getPays: payments.getPays,
    deletePay: payments.deletePay,
    statement: statement.statement,
  },
  manage: {
    partnerKeys: partners.partnerKeys,
    addPartnerKey: partners.addPartnerKey,
    revokePartnerKey: partners.revokePartnerKey,
    webhookDeliveries: partners.webhookDeliveries,
    replayWebhookDelivery: partners.replayWebhookDelivery,
    allCredits: credits.allCredits,
    acceptCredit: credits.acceptCredit,
    getAllCode: codes.manageGetAllCode,
    getCodes: codes.getCodes,
    deleteCode: codes.deleteCode,
    usersByName: workshops.usersByName,
    allTests: assays.manageAllTests,
    getTest: assays.manageGetTest,
    editTest: assays.manageEditTest,
    deleteTest: deleteRequests.manageDeleteTest,
    declineDeleteTest: deleteRequests.declineDeleteTest,
    testHistory: assays.testHistory,
    allCustomers: customers.manageAllCustomers,
    deleteCustomer: customers.manageDeleteCustomer,
    getCustomer: customers.manageGetCustomer,
    editCustomer: customers.manageEditCustomer,
    deleteUser: workshops.deleteUser,
    activeUser: workshops.activeUser,
    addUser: workshops.addUser,
    editUser: workshops.editUser,
    userById: workshops.userById,
    getManageStatistics: statistics.getManageStatistics,
    getTestStatisticsWithGroupUser: statistics.getTestStatisticsWithGroupUser,
    getTestStatisticsDetailByUserId: statistics.getTestStatisticsDetailByUserId,
    removeTest: deleteRequests.removeTest,
    getDailyStatistics: statistics.manageGetDailyStatistics,
    messages: admin.messages,
    labOwners: workshops.manageLabOwners,
    backupStatus: admin.backupStatus,
    backups: admin.backups,
    startBackup: admin.startBackup,
    siteInfo: admin.saveSiteInfo,
    withdrawResult: resultVersions.withdrawResult,
    resultVersions: resultVersions.manageResultVersions,
    staff: staff.manageStaff,
    staffStatistics: staff.manageStaffStatistics,
  },
  staff: {
    list: staff.list,
    add: staff.add,
    edit: staff.edit,
    suspend: staff.suspend,
    statistics: staff.statistics,
  },
  exports: {
    tests: exportsRoutes.tests,
    customers: exportsRoutes.customers,
    pays: exportsRoutes.pays,
    store: exportsRoutes.store,
    credits: exportsRoutes.credits,
    codes: exportsRoutes.codes,
    staffStatistics: exportsRoutes.staffStatistics,
    manageTests: exportsRoutes.manageTests,
    manageCustomers: exportsRoutes.manageCustomers,
    manageCredits: exportsRoutes.manageCredits,
    manageCodes: exportsRoutes.manageCodes,
    manageLabs: exportsRoutes.manageLabs,
    manageMessages: exportsRoutes.manageMessages,
    manageStatistics: exportsRoutes.manageStatistics,
    manageStatisticsByLab: exportsRoutes.manageStatisticsByLab,
    manageDailyStatistics: exportsRoutes.manageDailyStatistics,
    manageStaffStatistics: exportsRoutes.manageStaffStatistics,
  },
  results: {
    photo: results.photo,
  },
  site: {
    info: admin.info,
    trustSeal: admin.trustSeal,
  },
  files: {
    get: files.get,
  },
  partner: {
    results: partners.results,
    webhooks: partners.webhooks,
    addWebhook: partners.addWebhook,
    deleteWebhook: partners.deleteWebhook,
  },
  sms: {
    receive: smsLookup.receive,
    receiveByQuery: smsLookup.receiveByQuery,
  },
} as const satisfies RouteTable<typeof ROUTE_PATHS>;

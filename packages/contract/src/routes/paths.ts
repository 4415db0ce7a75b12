import type { Audience } from '../constants.ts';

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
}

const p = <const M extends HttpMethod, const P extends string, const A extends Audience>(
  method: M,
  path: P,
  audience: A,
) => ({ method, path, audience });

/**
 * Every path of /api/v1.0 (docs/product.md §8.2) with its method and audience, under the names the
 * server and the web client use. `ROUTES` has the same entries with their schemas.
 */
export const ROUTE_PATHS = {
  account: {
    login: p('POST', '/Account/login', 'public'),
    logout: p('POST', '/Account/logout', 'any-user'),
    disposableLogin: p('POST', '/Account/DisposableLogin', 'public'),
    disposableLoginOtp: p('POST', '/Account/DisposableLoginOTP', 'public'),
    getAllCode: p('GET', '/Account/GetAllCode', 'workshop'),
    getCode: p('POST', '/Account/GetCode', 'workshop'),
    editSettings: p('POST', '/Account/EditSettings', 'workshop'),
    getStore: p('GET', '/Account/GetStore', 'workshop'),
    changePassword: p('POST', '/Account/ChangePassword', 'any-user'),
    profile: p('GET', '/Account/Profile', 'any-user'),
    addCredit: p('POST', '/Account/AddCredit', 'workshop'),
    getCredits: p('GET', '/Account/GetCredits', 'workshop'),
    addOrUpdateSystemSetting: p('POST', '/Account/AddOrUpdateSystemSetting', 'admin'),
    systemSettings: p('GET', '/Account/SystemSettings', 'admin'),
    addPublicUser: p('POST', '/Account/AddPublicUser', 'public'),
    labOwners: p('GET', '/Account/LabOwners', 'public'),
    smsTemplates: p('GET', '/Account/SmsTemplates', 'workshop'),
  },
  tests: {
    result: p('POST', '/Tests/Result', 'public'),
    allTests: p('GET', '/Tests/AllTests', 'workshop'),
    addTest: p('POST', '/Tests/AddTest', 'workshop'),
    checkCode: p('POST', '/Tests/CheckCode', 'workshop'),
    getCode: p('POST', '/Tests/GetCode', 'workshop'),
    editTest: p('POST', '/Tests/EditTest', 'workshop'),
    getTest: p('GET', '/Tests/GetTest', 'workshop'),
    deleteTest: p('POST', '/Tests/DeleteTest', 'workshop'),
    requestToDeleteTest: p('POST', '/Tests/RequestToDeleteTest', 'workshop'),
    addCutting: p('POST', '/Tests/AddCutting', 'workshop'),
    getStatistics: p('POST', '/Tests/GetStatistics', 'workshop'),
    getDailyStatistics: p('POST', '/Tests/GetDailyStatistics', 'workshop'),
    addFile: p('POST', '/Tests/AddFile', 'any-user'),
    resultByToken: p('GET', '/Tests/ResultByToken', 'public'),
    /** A printed slip against the live result (ADR 0029). */
    verifySlip: p('POST', '/Tests/VerifySlip', 'public'),
    /** One of the workshop's packets' signed versions (ADR 0029). */
    resultVersions: p('GET', '/Tests/ResultVersions', 'workshop'),
    /** Numbers kept for one device to register offline (ADR 0033). */
    reserveCodes: p('POST', '/Tests/ReserveCodes', 'workshop'),
    releaseCodes: p('POST', '/Tests/ReleaseCodes', 'workshop'),
    /** The lab's numbers and the devices holding some (ADR 0045). */
    reservations: p('GET', '/Tests/Reservations', 'workshop'),
  },
  customer: {
    addCustomer: p('POST', '/Customer/AddCustomer', 'workshop'),
    customersByName: p('GET', '/Customer/CustomersByName', 'workshop'),
    /** Every customer (up to a limit) for the counter's offline choosing (ADR 0047). */
    customerBook: p('GET', '/Customer/CustomerBook', 'workshop'),
    allCustomers: p('GET', '/Customer/AllCustomers', 'workshop'),
    delete: p('POST', '/Customer/Delete', 'workshop'),
    getCustomer: p('GET', '/Customer/GetCustomer', 'workshop'),
    addPay: p('POST', '/Customer/AddPay', 'workshop'),
    getPays: p('GET', '/Customer/GetPays', 'workshop'),
    deletePay: p('POST', '/Customer/DeletePay', 'workshop'),
  },
  manage: {
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
    siteInfo: p('POST', '/Manage/SiteInfo', 'admin'),
    withdrawResult: p('POST', '/Manage/WithdrawResult', 'admin'),
    resultVersions: p('GET', '/Manage/ResultVersions', 'admin'),
  },
  results: {
    photo: p('GET', '/Results/Photo/:token/:fileId', 'public'),
  },
  site: {
    info: p('GET', '/Site/Info', 'public'),
    trustSeal: p('GET', '/Site/TrustSeal/:id', 'public'),
  },
  files: {
    get: p('GET', '/Files/:id', 'any-user'),
  },
  sms: {
    receive: p('POST', '/Sms/Receive/:secret', 'public'),
    receiveByQuery: p('GET', '/Sms/Receive/:secret', 'public'),
  },
} as const;

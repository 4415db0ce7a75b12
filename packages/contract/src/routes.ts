import type { Audience } from './constants.ts';

interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  audience: Audience;
}

const r = (method: RouteDef['method'], path: string, audience: Audience): RouteDef => ({
  method,
  path,
  audience,
});

/**
 * Every path of /api/v1.0 (SPEC.md 7) with its method and audience. The server registers routes from
 * these, the web client calls them by name, and a route not listed here cannot exist.
 */
export const ROUTES = {
  account: {
    login: r('POST', '/Account/login', 'public'),
    logout: r('POST', '/Account/logout', 'any-user'),
    disposableLogin: r('POST', '/Account/DisposableLogin', 'public'),
    disposableLoginOtp: r('POST', '/Account/DisposableLoginOTP', 'public'),
    getAllCode: r('GET', '/Account/GetAllCode', 'workshop'),
    getCode: r('POST', '/Account/GetCode', 'workshop'),
    editSettings: r('POST', '/Account/EditSettings', 'workshop'),
    getStore: r('GET', '/Account/GetStore', 'workshop'),
    changePassword: r('POST', '/Account/ChangePassword', 'any-user'),
    profile: r('GET', '/Account/Profile', 'any-user'),
    addCredit: r('POST', '/Account/AddCredit', 'workshop'),
    getCredits: r('GET', '/Account/GetCredits', 'workshop'),
    addOrUpdateSystemSetting: r('POST', '/Account/AddOrUpdateSystemSetting', 'admin'),
    systemSettings: r('GET', '/Account/SystemSettings', 'admin'),
    addPublicUser: r('POST', '/Account/AddPublicUser', 'public'),
    labOwners: r('GET', '/Account/LabOwners', 'public'),
    /** The network's SMS texts a workshop may choose from in its settings (ADR 0027). */
    smsTemplates: r('GET', '/Account/SmsTemplates', 'workshop'),
  },
  tests: {
    result: r('POST', '/Tests/Result', 'public'),
    allTests: r('GET', '/Tests/AllTests', 'workshop'),
    addTest: r('POST', '/Tests/AddTest', 'workshop'),
    checkCode: r('POST', '/Tests/CheckCode', 'workshop'),
    getCode: r('POST', '/Tests/GetCode', 'workshop'),
    editTest: r('POST', '/Tests/EditTest', 'workshop'),
    getTest: r('GET', '/Tests/GetTest', 'workshop'),
    deleteTest: r('POST', '/Tests/DeleteTest', 'workshop'),
    requestToDeleteTest: r('POST', '/Tests/RequestToDeleteTest', 'workshop'),
    addCutting: r('POST', '/Tests/AddCutting', 'workshop'),
    getStatistics: r('POST', '/Tests/GetStatistics', 'workshop'),
    /** The dashboard chart: the workshop's packets per Tehran day and its median time to purity. */
    getDailyStatistics: r('POST', '/Tests/GetDailyStatistics', 'workshop'),
    addFile: r('POST', '/Tests/AddFile', 'any-user'),
    /** The QR page's lookup (`/r/<token>`): the same item as `Result`, by the packet's public token. */
    resultByToken: r('GET', '/Tests/ResultByToken', 'public'),
  },
  customer: {
    addCustomer: r('POST', '/Customer/AddCustomer', 'workshop'),
    customersByName: r('GET', '/Customer/CustomersByName', 'workshop'),
    allCustomers: r('GET', '/Customer/AllCustomers', 'workshop'),
    delete: r('POST', '/Customer/Delete', 'workshop'),
    getCustomer: r('GET', '/Customer/GetCustomer', 'workshop'),
    addPay: r('POST', '/Customer/AddPay', 'workshop'),
    getPays: r('GET', '/Customer/GetPays', 'workshop'),
    deletePay: r('POST', '/Customer/DeletePay', 'workshop'),
  },
  manage: {
    allCredits: r('GET', '/Manage/AllCredits', 'admin'),
    acceptCredit: r('POST', '/Manage/AcceptCredit', 'admin'),
    getAllCode: r('GET', '/Manage/GetAllCode', 'admin'),
    getCodes: r('POST', '/Manage/GetCodes', 'admin'),
    deleteCode: r('POST', '/Manage/DeleteCode', 'admin'),
    usersByName: r('GET', '/Manage/UsersByName', 'admin'),
    allTests: r('GET', '/Manage/AllTests', 'admin'),
    getTest: r('GET', '/Manage/GetTest', 'admin'),
    editTest: r('POST', '/Manage/EditTest', 'admin'),
    deleteTest: r('POST', '/Manage/DeleteTest', 'admin'),
    /** The other answer to a lab's delete request: the packet stays, the lab reads why (ADR 0025). */
    declineDeleteTest: r('POST', '/Manage/DeclineDeleteTest', 'admin'),
    /** A packet's audit rows (manage/edit-lab history). */
    testHistory: r('GET', '/Manage/TestHistory', 'admin'),
    allCustomers: r('GET', '/Manage/AllCustomers', 'admin'),
    deleteCustomer: r('POST', '/Manage/Delete', 'admin'),
    /** One customer of any workshop, with its lab and history counts (manage/customers row click). */
    getCustomer: r('GET', '/Manage/GetCustomer', 'admin'),
    /** The admin edits any lab's customer with the lab's own form, audited (ADR 0025). */
    editCustomer: r('POST', '/Manage/EditCustomer', 'admin'),
    deleteUser: r('POST', '/Manage/DeleteUser', 'admin'),
    activeUser: r('POST', '/Manage/ActiveUser', 'admin'),
    addUser: r('POST', '/Manage/AddUser', 'admin'),
    editUser: r('POST', '/Manage/EditUser', 'admin'),
    userById: r('GET', '/Manage/UserById', 'admin'),
    getManageStatistics: r('POST', '/Manage/GetManageStatistics', 'admin'),
    getTestStatisticsWithGroupUser: r('POST', '/Manage/GetTestStatisticsWithGroupUser', 'admin'),
    getTestStatisticsDetailByUserId: r('GET', '/Manage/GetTestStatisticsDetailByUserId', 'admin'),
    removeTest: r('POST', '/Manage/RemoveTest', 'admin'),
    /** The dashboard chart: the network's packets per Tehran day and the median time to purity per workshop. */
    getDailyStatistics: r('POST', '/Manage/GetDailyStatistics', 'admin'),
    messages: r('GET', '/Manage/Messages', 'admin'),
    /** The admin's workshop list (manage/lab-owners): filters by status, shows user names. */
    labOwners: r('GET', '/Manage/LabOwners', 'admin'),
    /** The dashboard's backup notice: the last good backup, a failure, the schedule (ADR 0021). */
    backupStatus: r('GET', '/Manage/BackupStatus', 'admin'),
    /** The administrator saves the public site information (ADR 0028). */
    siteInfo: r('POST', '/Manage/SiteInfo', 'admin'),
  },
  results: {
    /** A photo of a published packet, public but scoped to it by its token (`?thumb=1` for the thumbnail). */
    photo: r('GET', '/Results/Photo/:token/:fileId', 'public'),
  },
  site: {
    /** The network's public information: support phone, address, trust seal, sister site (ADR 0028). */
    info: r('GET', '/Site/Info', 'public'),
    /** The trust seal image, public while it is the one the site information names. */
    trustSeal: r('GET', '/Site/TrustSeal/:id', 'public'),
  },
  files: {
    /** An uploaded file (workshop audio), streamed to an admin or its owner. */
    get: r('GET', '/Files/:id', 'any-user'),
  },
} as const;

export type RouteKey = RouteDef;

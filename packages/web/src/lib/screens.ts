import { ROUTE_PATHS } from '@ayar/contract';
import { eitherOf } from './screenDef.ts';
import type { ScreenDef, Frame } from './screenDef.ts';
import { MANAGE_SCREENS } from './screens-manage.ts';

/**
 * The one table of the app's screens (ADR 0046): each screen's path pattern, feature, header title, who may
 * open it, the frame it sits in and its place in the side menus. The router (app/router.tsx) and both
 * menus (app/shell/menus.ts) are built from it, the guard reads its public and shared screens, and every
 * link is `href(id, params)`: a screen's address is written here and nowhere else (ESLint and
 * lib/screens.test.ts fail on a literal one). No React components here: features import this file, and
 * the landing page's first download carries it.
 */

export type { Access, Feature, Frame, MenuPlacement, ScreenDef, TitleParams } from './screenDef.ts';

const R = ROUTE_PATHS;

/** Both roles' own account: who is signed in and the password change (ADR 0025). */
export const PROFILE_LABEL = 'حساب کاربری و رمز عبور';

const WAITING_TITLE = 'لیست در انتظار تعیین عیار';
const LOGOUT = 'خروج';

/**
 * Every screen, keyed by its id: the path without its `:params`, the param's name kept where two paths
 * would otherwise share an id (lab/list and lab/list/search).
 */
export const SCREENS = {
  landing: { path: '', feature: 'results', access: 'public', frame: 'landing' },
  register: { path: 'register', feature: 'workshops', title: 'ثبت نام', access: 'public', frame: 'bare' },
  about: {
    path: 'about',
    feature: 'workshops',
    title: 'درباره ما',
    access: 'public',
    frame: 'bare',
    menu: { workshop: { at: 11, label: 'مشاهده وب‌سایت' }, admin: { at: 2, label: 'وب‌سایت' } },
  },
  'lab-owners': {
    path: 'lab-owners',
    feature: 'workshops',
    title: 'لیست آزمایشگاه‌ها',
    access: 'public',
    frame: 'bare',
  },
  /** The result a printed slip's QR code points at. */
  r: { path: 'r/:token', feature: 'results', access: 'public', frame: 'bare' },
  logout: {
    path: 'logout',
    feature: 'auth',
    title: LOGOUT,
    access: 'signed-in',
    frame: 'bare',
    staffRoles: R.account.logout.roles,
    menu: { workshop: { at: 13, label: LOGOUT }, admin: { at: 13, label: LOGOUT } },
  },
  /** The printable slip, outside the shell. */
  'lab/slip': {
    path: 'lab/slip/:id',
    feature: 'results',
    title: 'برگه بسته',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.tests.getTest.roles,
  },
  /** A queued packet's slip, from its entry in this device's queue (ADR 0033). */
  'lab/slip/queued': {
    path: 'lab/slip/queued/:key',
    feature: 'offline',
    title: 'برگه بسته',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.tests.addTest.roles,
  },
  /** A customer's statement for a Jalali range, on A4 (`?from=&to=`, Gregorian days). */
  'customer/statement': {
    path: 'customer/statement/:id',
    feature: 'payments',
    title: 'صورت‌حساب مشتری',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.customer.statement.roles,
  },
  /** Every row of the fund report on A4; `year` is a Jalali year or `all`. */
  'user/store/print': {
    path: 'user/store/print/:year',
    feature: 'payments',
    title: 'چاپ گزارش صندوق',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.account.getStore.roles,
  },
  /** One receipt's or payment's «رسید» on A4. */
  'pay/receipt': {
    path: 'pay/receipt/:customerId/:id',
    feature: 'payments',
    title: 'رسید',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.customer.getPays.roles,
  },
  /** The packets of one Tehran day (`date` Gregorian) on A4. */
  'lab/day': {
    path: 'lab/day/:date',
    feature: 'assays',
    title: 'بسته‌های روز',
    access: 'workshop',
    frame: 'slip',
    staffRoles: R.tests.allTests.roles,
  },
  home: {
    path: 'home',
    feature: 'statistics',
    title: 'صفحه اصلی',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.getStatistics.roles,
  },
  dashboard: {
    path: 'dashboard',
    feature: 'statistics',
    title: 'داشبورد',
    access: 'signed-in',
    frame: 'shell',
    staffRoles: R.tests.getStatistics.roles,
    menu: { admin: { at: 1, label: 'صفحه اصلی' } },
  },
  'code/add': {
    path: 'code/add',
    feature: 'codes',
    title: 'خرید شماره بسته',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.account.getCode.roles,
    menu: { workshop: { at: 7, label: 'خرید شماره بسته' } },
  },
  'lab/add': {
    path: 'lab/add',
    feature: 'assays',
    title: 'ثبت بسته',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.addTest.roles,
    menu: { workshop: { at: 1, label: 'ثبت بسته' } },
  },
  'lab/edit': {
    path: 'lab/edit/:id',
    feature: 'assays',
    title: 'ویرایش بسته',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.editTest.roles,
  },
  /** `search` 'true' is the list waiting for a purity (docs/product.md §2.4). */
  'lab/list/search': {
    path: 'lab/list/:search',
    feature: 'assays',
    title: (p) => (p.search === 'true' ? WAITING_TITLE : 'لیست بسته‌ها'),
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.allTests.roles,
    menu: { workshop: { at: 2, label: 'در انتظار عیار', params: { search: 'true' } } },
  },
  /** Purities recorded by one person, waiting for another's «تأیید» or «برگشت» (ADR 0050). */
  'lab/verify': {
    path: 'lab/verify',
    feature: 'assays',
    title: 'در انتظار تأیید',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.verifyCutting.roles,
    menu: { workshop: { at: 2.5, label: 'در انتظار تأیید' } },
  },
  /** An instrument's results file read into purities (docs/product.md §2.18, ADR 0059). */
  'lab/import': {
    path: 'lab/import',
    feature: 'imports',
    title: 'ورود عیار از دستگاه',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.importPreview.roles,
    menu: { workshop: { at: 2.7, label: 'ورود عیار از دستگاه' } },
  },
  'lab/list': {
    path: 'lab/list',
    feature: 'assays',
    title: 'لیست بسته‌ها',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.tests.allTests.roles,
    menu: { workshop: { at: 5, label: 'لیست بسته‌ها' } },
  },
  /** What this device registered offline and has not sent yet (ADR 0033). */
  'lab/queue': {
    path: 'lab/queue',
    feature: 'offline',
    title: 'صف ارسال',
    access: 'workshop',
    frame: 'shell',
    staffRoles: eitherOf(R.tests.addTest.roles, R.tests.addCutting.roles),
  },
  'customer/add': {
    path: 'customer/add',
    feature: 'customers',
    title: 'ثبت مشتری',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.customer.addCustomer.roles,
    menu: { workshop: { at: 3, label: 'ثبت مشتری' } },
  },
  'customer/edit': {
    path: 'customer/edit/:id',
    feature: 'customers',
    title: 'ویرایش مشتری',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.customer.addCustomer.roles,
  },
  'customer/list': {
    path: 'customer/list',
    feature: 'customers',
    title: 'لیست مشتریان',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.customer.allCustomers.roles,
    menu: { workshop: { at: 4, label: 'لیست مشتریان' } },
  },
  'user-settings/edit': {
    path: 'user-settings/edit',
    feature: 'settings',
    title: 'تنظیمات',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.account.editSettings.roles,
    menu: { workshop: { at: 6, label: 'تنظیمات' } },
  },
  'user/store': {
    path: 'user/store',
    feature: 'payments',
    title: 'گزارش صندوق',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.account.getStore.roles,
    menu: { workshop: { at: 9, label: 'مانده حساب' } },
  },
  profile: {
    path: 'profile',
    feature: 'auth',
    title: 'پروفایل',
    access: 'signed-in',
    frame: 'shell',
    staffRoles: R.account.profile.roles,
    menu: { workshop: { at: 12, label: PROFILE_LABEL }, admin: { at: 12, label: PROFILE_LABEL } },
  },
  'credit/add': {
    path: 'credit/add',
    feature: 'credits',
    title: 'درخواست شارژ',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.account.addCredit.roles,
    menu: { workshop: { at: 10, label: 'ثبت سند (درخواست شارژ)' } },
  },
  'pay/add': {
    path: 'pay/add',
    feature: 'payments',
    title: 'ثبت پرداخت',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.customer.addPay.roles,
    menu: { workshop: { at: 8, label: 'پرداخت' } },
  },
  /** The owner's «کارکنان»: the lab's people, their roles and sign-ins (ADR 0049). */
  staff: {
    path: 'staff',
    feature: 'staff',
    title: 'کارکنان',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.staff.list.roles,
    menu: { workshop: { at: 6.5, label: 'کارکنان' } },
  },
  /** The owner's «آمار کارکنان»: each person's purities in a period (ADR 0050). */
  'staff/statistics': {
    path: 'staff/statistics',
    feature: 'staff',
    title: 'آمار کارکنان',
    access: 'workshop',
    frame: 'shell',
    staffRoles: R.staff.statistics.roles,
    menu: { workshop: { at: 6.6, label: 'آمار کارکنان' } },
  },
  ...MANAGE_SCREENS,
} as const satisfies Record<string, ScreenDef>;

export type ScreenId = keyof typeof SCREENS;
type PathOf<Id extends ScreenId> = (typeof SCREENS)[Id]['path'];

/** The `:param` names of a path pattern. */
export type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<Tail>
    : Rest
  : never;

export type ParamsOf<Id extends ScreenId> = Record<ParamNames<PathOf<Id>>, string | number>;

/** The screens that sit in the given frame (the router builds one group of routes per frame). */
export type ScreenIdIn<F extends Frame> = {
  [Id in ScreenId]: (typeof SCREENS)[Id]['frame'] extends F ? Id : never;
}[ScreenId];

/** The screens that have an item in some side menu (app/shell/menus.ts gives each an icon). */
export type MenuScreenId = {
  [Id in ScreenId]: (typeof SCREENS)[Id] extends { menu: object } ? Id : never;
}[ScreenId];

/** Fills a pattern's `:params` (each encoded as a path segment); '' is the landing page '/'. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>> = {}): string {
  return `/${pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
}

/** A screen's address: `href('lab/edit', { id })` → '/lab/edit/<id>'; the params are the pattern's. */
export function href<Id extends ScreenId>(
  id: Id,
  ...params: [ParamNames<PathOf<Id>>] extends [never] ? [] : [ParamsOf<Id>]
): string {
  return fillPath(SCREENS[id].path, params[0]);
}

/** Every screen's definition, each with its id. */
export function allScreens(): Array<ScreenDef & { id: ScreenId }> {
  return (Object.keys(SCREENS) as ScreenId[]).map((id) => ({ ...(SCREENS[id] as ScreenDef), id }));
}

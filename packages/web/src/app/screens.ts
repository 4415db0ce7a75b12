import { matchPath } from 'react-router';

/** Feature slugs (docs/product.md §11.2). */
export type Feature =
  | 'auth'
  | 'workshops'
  | 'assays'
  | 'results'
  | 'codes'
  | 'credits'
  | 'customers'
  | 'payments'
  | 'settings'
  | 'system-settings'
  | 'statistics'
  | 'messages'
  | 'offline';

export interface Screen {
  /** react-router path pattern, without the leading slash (docs/product.md §2.1). */
  path: string;
  feature: Feature;
  /** The Persian title shown in the header (docs/product.md §2, docs/glossary.md). */
  title: string | ((params: Record<string, string | undefined>) => string);
}

const WAITING_TITLE = 'لیست در انتظار تعیین عیار';

/** Every guarded screen of docs/product.md §2.1, with its feature and header title. */
export const GUARDED_SCREENS: readonly Screen[] = [
  { path: 'home', feature: 'statistics', title: 'صفحه اصلی' },
  { path: 'dashboard', feature: 'statistics', title: 'داشبورد' },
  { path: 'code/add', feature: 'codes', title: 'ثبت کد' },
  { path: 'lab/add', feature: 'assays', title: 'ثبت برگ ری' },
  { path: 'lab/edit/:id', feature: 'assays', title: 'ویرایش آزمایش' },
  {
    path: 'lab/list/:search',
    feature: 'assays',
    title: (p) => (p.search === 'true' ? WAITING_TITLE : 'لیست آزمایش‌ها'),
  },
  { path: 'lab/list', feature: 'assays', title: 'لیست آزمایش‌ها' },
  /** What this device registered offline and has not sent yet (issue 19). */
  { path: 'lab/queue', feature: 'offline', title: 'صف ارسال' },
  /** The printable slip, outside the shell (router.tsx). */
  { path: 'lab/slip/:id', feature: 'results', title: 'برگه بسته' },
  /** A queued packet's slip, from its queue entry (issue 19). */
  { path: 'lab/slip/queued/:key', feature: 'offline', title: 'برگه بسته' },
  { path: 'customer/add', feature: 'customers', title: 'ثبت مشتری' },
  { path: 'customer/edit/:id', feature: 'customers', title: 'ویرایش مشتری' },
  { path: 'customer/list', feature: 'customers', title: 'لیست مشتریان' },
  { path: 'user-settings/edit', feature: 'settings', title: 'تنظیمات' },
  { path: 'user/store', feature: 'payments', title: 'گزارش صندوق' },
  { path: 'profile', feature: 'auth', title: 'پروفایل' },
  { path: 'credit/add', feature: 'credits', title: 'درخواست شارژ' },
  { path: 'pay/add', feature: 'payments', title: 'ثبت پرداخت' },
  { path: 'manage/labs', feature: 'assays', title: 'لیست آزمایش‌ها' },
  { path: 'manage/labs-todelete', feature: 'assays', title: 'لیست درخواست‌های حذف بسته' },
  { path: 'manage/customers', feature: 'customers', title: 'لیست مشتریان' },
  { path: 'manage/credits/:search', feature: 'credits', title: 'لیست درخواست‌های شارژ' },
  { path: 'manage/credits', feature: 'credits', title: 'لیست درخواست‌های شارژ' },
  { path: 'manage/codes', feature: 'codes', title: 'مدیریت کدها' },
  { path: 'manage/edit-lab/:id', feature: 'assays', title: 'ویرایش بسته' },
  { path: 'manage/system-setting', feature: 'system-settings', title: 'تنظیمات سیستم' },
  { path: 'manage/messages', feature: 'messages', title: 'پیامک‌ها و تماس‌ها' },
  { path: 'manage/lab-owners', feature: 'workshops', title: 'لیست آزمایشگاه‌ها' },
  { path: 'manage/add-user', feature: 'workshops', title: 'ایجاد آزمایشگاه' },
  {
    path: 'manage/edit-user/:id/:name',
    feature: 'workshops',
    title: (p) => (p.name ? `ویرایش آزمایشگاه ${p.name}` : 'ویرایش آزمایشگاه'),
  },
  { path: 'logout', feature: 'auth', title: 'خروج' },
];

/** Public screens besides the landing page ('' and `:product` + Embedded). */
export const PUBLIC_SCREENS: readonly Screen[] = [
  { path: 'register', feature: 'workshops', title: 'ثبت نام' },
  { path: 'about', feature: 'workshops', title: 'درباره ما' },
  { path: 'lab-owners', feature: 'workshops', title: 'لیست آزمایشگاه‌ها' },
];

export interface MatchedScreen {
  screen: Screen;
  title: string;
  params: Record<string, string | undefined>;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The screen a pathname shows, with its resolved title. */
export function findScreen(pathname: string): MatchedScreen | null {
  for (const screen of [...GUARDED_SCREENS, ...PUBLIC_SCREENS]) {
    const match = matchPath({ path: `/${screen.path}`, end: true }, pathname);
    if (match) {
      const params: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(match.params)) params[name] = value && safeDecode(value);
      const title = typeof screen.title === 'function' ? screen.title(params) : screen.title;
      return { screen, title, params };
    }
  }
  return null;
}

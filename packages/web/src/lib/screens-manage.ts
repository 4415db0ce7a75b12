import type { ScreenDef } from './screenDef.ts';

// The administrator's screens (manage/…) of the one table of screens (lib/screens.ts, ADR 0046), kept
// in a file of their own; SCREENS takes them as they are.

export const MANAGE_SCREENS = {
  'manage/labs': {
    path: 'manage/labs',
    feature: 'assays',
    title: 'لیست بسته‌ها',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 3, label: 'بسته‌ها' } },
  },
  'manage/labs-todelete': {
    path: 'manage/labs-todelete',
    feature: 'assays',
    title: 'لیست درخواست‌های حذف بسته',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 4, label: 'درخواست‌های حذف' } },
  },
  'manage/customers': {
    path: 'manage/customers',
    feature: 'customers',
    title: 'لیست مشتریان',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 5, label: 'مشتریان' } },
  },
  /** `search` 'true' is the requests waiting for a decision (docs/product.md §2.7). */
  'manage/credits/search': {
    path: 'manage/credits/:search',
    feature: 'credits',
    title: 'لیست درخواست‌های شارژ',
    access: 'admin',
    frame: 'shell',
  },
  'manage/credits': {
    path: 'manage/credits',
    feature: 'credits',
    title: 'لیست درخواست‌های شارژ',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 9, label: 'درخواست‌های شارژ' } },
  },
  'manage/codes': {
    path: 'manage/codes',
    feature: 'codes',
    title: 'مدیریت کدها',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 8, label: 'کدها' } },
  },
  'manage/edit-lab': {
    path: 'manage/edit-lab/:id',
    feature: 'assays',
    title: 'ویرایش بسته',
    access: 'admin',
    frame: 'shell',
  },
  'manage/system-setting': {
    path: 'manage/system-setting',
    feature: 'system-settings',
    title: 'تنظیمات سیستم',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 10, label: 'تنظیمات سیستم' } },
  },
  'manage/messages': {
    path: 'manage/messages',
    feature: 'messages',
    title: 'پیامک‌ها و تماس‌ها',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 11, label: 'پیامک‌ها' } },
  },
  /** The backups, the schedule, the copies off the server and «پشتیبان‌گیری اکنون» (ADR 0053). */
  'manage/backups': {
    path: 'manage/backups',
    feature: 'backups',
    title: 'پشتیبان‌ها',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 11.5, label: 'پشتیبان‌ها' } },
  },
  'manage/lab-owners': {
    path: 'manage/lab-owners',
    feature: 'workshops',
    title: 'لیست آزمایشگاه‌ها',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 6, label: 'آزمایشگاه‌ها' } },
  },
  'manage/add-user': {
    path: 'manage/add-user',
    feature: 'workshops',
    title: 'ایجاد آزمایشگاه',
    access: 'admin',
    frame: 'shell',
    menu: { admin: { at: 7, label: 'ثبت آزمایشگاه' } },
  },
  /** The workshop's name is in the address for the header's title. */
  'manage/edit-user': {
    path: 'manage/edit-user/:id/:name',
    feature: 'workshops',
    title: (p) => (p.name ? `ویرایش آزمایشگاه ${p.name}` : 'ویرایش آزمایشگاه'),
    access: 'admin',
    frame: 'shell',
  },
} as const satisfies Record<string, ScreenDef>;

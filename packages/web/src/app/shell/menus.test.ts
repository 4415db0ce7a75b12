import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@ayar/contract';
import { menuFor } from './menus.ts';

// The side menus are built from the table of screens (lib/screens.ts, ADR 0046): each role sees these
// items, in this order, with these labels and addresses (docs/product.md §2.1).
const label = (role: 'admin' | 'workshop') => menuFor(role).map((item) => [item.label, item.to]);

describe('the side menus', () => {
  it('give a workshop (its owner) its seventeen items in order', () => {
    expect(label('workshop')).toEqual([
      ['ثبت بسته', '/lab/add'],
      ['در انتظار عیار', '/lab/list/true'],
      ['در انتظار تأیید', '/lab/verify'],
      ['ورود عیار از دستگاه', '/lab/import'],
      ['ثبت مشتری', '/customer/add'],
      ['لیست مشتریان', '/customer/list'],
      ['لیست بسته‌ها', '/lab/list'],
      ['تنظیمات', '/user-settings/edit'],
      ['کارکنان', '/staff'],
      ['آمار کارکنان', '/staff/statistics'],
      ['خرید شماره بسته', '/code/add'],
      ['پرداخت', '/pay/add'],
      ['مانده حساب', '/user/store'],
      ['ثبت سند (درخواست شارژ)', '/credit/add'],
      ['مشاهده وب‌سایت', '/about'],
      ['حساب کاربری و رمز عبور', '/profile'],
      ['خروج', '/logout'],
    ]);
    expect(menuFor(null)).toBe(menuFor('workshop'));
    expect(menuFor('workshop', ['owner'])).toEqual(menuFor('workshop'));
  });

  it('give the admin its fourteen items in order', () => {
    expect(label('admin')).toEqual([
      ['صفحه اصلی', '/dashboard'],
      ['وب‌سایت', '/about'],
      ['بسته‌ها', '/manage/labs'],
      ['درخواست‌های حذف', '/manage/labs-todelete'],
      ['مشتریان', '/manage/customers'],
      ['آزمایشگاه‌ها', '/manage/lab-owners'],
      ['ثبت آزمایشگاه', '/manage/add-user'],
      ['کدها', '/manage/codes'],
      ['درخواست‌های شارژ', '/manage/credits'],
      ['تنظیمات سیستم', '/manage/system-setting'],
      ['پیامک‌ها', '/manage/messages'],
      ['پشتیبان‌ها', '/manage/backups'],
      ['حساب کاربری و رمز عبور', '/profile'],
      ['خروج', '/logout'],
    ]);
  });
});

// ADR 0049: a lab's person sees only the screens their roles open (the table's `staffRoles`).
const staffMenu = (roles: StaffRole[]) => menuFor('workshop', roles).map((item) => item.to);
const COMMON = ['/about', '/profile', '/logout'];

describe('the side menu of a lab’s person', () => {
  it('gives the counter registering, customers and payments, never a purity, settings or staff', () => {
    expect(staffMenu(['counter'])).toEqual([
      '/lab/add',
      '/lab/list/true',
      '/customer/add',
      '/customer/list',
      '/lab/list',
      '/pay/add',
      ...COMMON,
    ]);
  });

  it('gives the assayer the waiting list, the instrument import and the packet lists only', () => {
    expect(staffMenu(['assayer'])).toEqual([
      '/lab/list/true',
      '/lab/verify',
      '/lab/import',
      '/lab/list',
      ...COMMON,
    ]);
  });

  it('gives the accountant the money screens and the lists, no registering', () => {
    expect(staffMenu(['accountant'])).toEqual([
      '/lab/list/true',
      '/customer/list',
      '/lab/list',
      '/code/add',
      '/pay/add',
      '/user/store',
      '/credit/add',
      ...COMMON,
    ]);
  });

  it('gives «در انتظار تأیید» to the owner and the assayer, never the counter or the accountant (ADR 0050)', () => {
    expect(staffMenu(['owner'])).toContain('/lab/verify');
    expect(staffMenu(['assayer'])).toContain('/lab/verify');
    expect(staffMenu(['counter'])).not.toContain('/lab/verify');
    expect(staffMenu(['accountant'])).not.toContain('/lab/verify');
  });

  it('gives «ورود عیار از دستگاه» to the owner and the assayer only (ADR 0059)', () => {
    expect(staffMenu(['owner'])).toContain('/lab/import');
    expect(staffMenu(['assayer'])).toContain('/lab/import');
    expect(staffMenu(['counter'])).not.toContain('/lab/import');
    expect(staffMenu(['accountant'])).not.toContain('/lab/import');
  });

  it('gives several roles what each of them opens, and «کارکنان» only to the owner', () => {
    const both = staffMenu(['counter', 'assayer']);
    // The counter's screens, and the assayer's «در انتظار تأیید» and «ورود عیار از دستگاه».
    expect(both.filter((to) => to !== '/lab/verify' && to !== '/lab/import')).toEqual(staffMenu(['counter']));
    expect(both).toContain('/lab/verify');
    expect(staffMenu(['accountant', 'counter'])).toContain('/lab/add');
    expect(staffMenu(['accountant', 'counter'])).toContain('/user/store');
    for (const roles of [['counter'], ['assayer'], ['accountant']] as StaffRole[][]) {
      expect(staffMenu(roles)).not.toContain('/staff');
      expect(staffMenu(roles)).not.toContain('/staff/statistics');
      expect(staffMenu(roles)).not.toContain('/user-settings/edit');
    }
  });
});

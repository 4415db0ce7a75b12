import { describe, expect, it } from 'vitest';
import { menuFor } from './menus.ts';

// The side menus are built from the table of screens (lib/screens.ts, ADR 0046): each role sees these
// items, in this order, with these labels and addresses (docs/product.md §2.1).
const label = (role: 'admin' | 'workshop') => menuFor(role).map((item) => [item.label, item.to]);

describe('the side menus', () => {
  it('give a workshop its thirteen items in order', () => {
    expect(label('workshop')).toEqual([
      ['ثبت بسته', '/lab/add'],
      ['در انتظار عیار', '/lab/list/true'],
      ['ثبت مشتری', '/customer/add'],
      ['لیست مشتریان', '/customer/list'],
      ['لیست بسته‌ها', '/lab/list'],
      ['تنظیمات', '/user-settings/edit'],
      ['خرید شماره بسته', '/code/add'],
      ['پرداخت', '/pay/add'],
      ['مانده حساب', '/user/store'],
      ['ثبت سند (درخواست شارژ)', '/credit/add'],
      ['مشاهده وب‌سایت', '/about'],
      ['حساب کاربری و رمز عبور', '/profile'],
      ['خروج', '/logout'],
    ]);
    expect(menuFor(null)).toBe(menuFor('workshop'));
  });

  it('give the admin its thirteen items in order', () => {
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
      ['حساب کاربری و رمز عبور', '/profile'],
      ['خروج', '/logout'],
    ]);
  });
});

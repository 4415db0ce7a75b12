import type { ComponentType } from 'react';
import type { Role } from '@ayar/contract';
import {
  IconAdjustments,
  IconBuilding,
  IconCreditCard,
  IconFlask,
  IconGlobe,
  IconHash,
  IconHome,
  IconHourglass,
  IconList,
  IconLogout,
  IconReceipt,
  IconScale,
  IconSettings,
  IconTrash,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconWallet,
} from '../../components/ui/icons.tsx';

export interface MenuItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/** Both roles' own account: who is signed in and the password change (ADR 0025). */
export const PROFILE_LABEL = 'حساب کاربری و رمز عبور';

/** Side menu of a workshop user (docs/product.md §2.1). */
export const WORKSHOP_MENU: readonly MenuItem[] = [
  { label: 'آزمایش جدید', to: '/lab/add', icon: IconFlask },
  { label: 'در انتظار عیار', to: '/lab/list/true', icon: IconHourglass },
  { label: 'ثبت مشتری', to: '/customer/add', icon: IconUserPlus },
  { label: 'لیست مشتریان', to: '/customer/list', icon: IconUsers },
  { label: 'لیست آزمایش‌ها', to: '/lab/list', icon: IconList },
  { label: 'تنظیمات', to: '/user-settings/edit', icon: IconSettings },
  { label: 'دریافت شماره بسته', to: '/code/add', icon: IconHash },
  { label: 'پرداخت', to: '/pay/add', icon: IconWallet },
  { label: 'مانده حساب', to: '/user/store', icon: IconScale },
  { label: 'ثبت سند (درخواست شارژ)', to: '/credit/add', icon: IconReceipt },
  { label: 'مشاهده وب‌سایت', to: '/about', icon: IconGlobe },
  { label: PROFILE_LABEL, to: '/profile', icon: IconUserCircle },
  { label: 'خروج', to: '/logout', icon: IconLogout },
];

/** Side menu of an admin (docs/product.md §2.1). */
export const ADMIN_MENU: readonly MenuItem[] = [
  { label: 'صفحه اصلی', to: '/dashboard', icon: IconHome },
  { label: 'وب‌سایت', to: '/about', icon: IconGlobe },
  { label: 'آزمایش‌ها', to: '/manage/labs', icon: IconFlask },
  { label: 'درخواست‌های حذف', to: '/manage/labs-todelete', icon: IconTrash },
  { label: 'مشتریان', to: '/manage/customers', icon: IconUsers },
  { label: 'آزمایشگاه‌ها', to: '/manage/lab-owners', icon: IconBuilding },
  { label: 'ثبت آزمایشگاه', to: '/manage/add-user', icon: IconUserPlus },
  { label: 'کدها', to: '/manage/codes', icon: IconHash },
  { label: 'درخواست‌های شارژ', to: '/manage/credits', icon: IconCreditCard },
  { label: 'تنظیمات سیستم', to: '/manage/system-setting', icon: IconAdjustments },
  { label: 'پیامک‌ها', to: '/manage/messages', icon: IconReceipt },
  { label: PROFILE_LABEL, to: '/profile', icon: IconUserCircle },
  { label: 'خروج', to: '/logout', icon: IconLogout },
];

export function menuFor(role: Role | null | undefined): readonly MenuItem[] {
  return role === 'admin' ? ADMIN_MENU : WORKSHOP_MENU;
}

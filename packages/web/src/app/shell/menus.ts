import type { ComponentType } from 'react';
import type { Role, StaffRole } from '@ayar/contract';
import { mayOpen } from '../../lib/roles.ts';
import { allScreens, fillPath } from '../../lib/screens.ts';
import type { MenuScreenId } from '../../lib/screens.ts';
import {
  IconAdjustments,
  IconBuilding,
  IconClock,
  IconCreditCard,
  IconFileImport,
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
  IconShield,
  IconTrash,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconWallet,
} from '../../components/ui/icons.tsx';

export interface MenuItem {
  /** The screen (lib/screens.ts) the item opens. */
  screen: MenuScreenId;
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/** Each menu screen's icon: the table (lib/screens.ts, ADR 0046) holds no React components. */
const MENU_ICONS: Record<MenuScreenId, ComponentType<{ size?: number }>> = {
  about: IconGlobe,
  logout: IconLogout,
  dashboard: IconHome,
  'code/add': IconHash,
  'lab/add': IconFlask,
  'lab/list/search': IconHourglass,
  'lab/verify': IconClock,
  'lab/import': IconFileImport,
  'lab/list': IconList,
  'customer/add': IconUserPlus,
  'customer/list': IconUsers,
  'user-settings/edit': IconSettings,
  'user/store': IconScale,
  profile: IconUserCircle,
  'credit/add': IconReceipt,
  'pay/add': IconWallet,
  staff: IconShield,
  'staff/statistics': IconUsers,
  'manage/labs': IconFlask,
  'manage/labs-todelete': IconTrash,
  'manage/customers': IconUsers,
  'manage/credits': IconCreditCard,
  'manage/codes': IconHash,
  'manage/system-setting': IconAdjustments,
  'manage/messages': IconReceipt,
  'manage/backups': IconShield,
  'manage/lab-owners': IconBuilding,
  'manage/add-user': IconUserPlus,
};

/** A role's side menu (docs/product.md §2.1): the screens the table places in it, in their order. */
function buildMenu(role: Role): readonly MenuItem[] {
  return allScreens()
    .flatMap((screen) => {
      const placed = screen.menu?.[role];
      return placed ? [{ placed, screen: screen.id as MenuScreenId, path: screen.path }] : [];
    })
    .sort((a, b) => a.placed.at - b.placed.at)
    .map(({ placed, screen, path }) => ({
      screen,
      label: placed.label,
      to: fillPath(path, placed.params),
      icon: MENU_ICONS[screen],
    }));
}

/** Side menu of a workshop user (docs/product.md §2.1). */
export const WORKSHOP_MENU = buildMenu('workshop');

/** Side menu of an admin (docs/product.md §2.1). */
export const ADMIN_MENU = buildMenu('admin');

/**
 * The side menu of who is signed in. A lab's person (`roles`, ADR 0049) sees only the screens their
 * roles open; the lab's owner, every item.
 */
export function menuFor(
  role: Role | null | undefined,
  roles: readonly StaffRole[] | null = null,
): readonly MenuItem[] {
  if (role === 'admin') return ADMIN_MENU;
  if (roles === null) return WORKSHOP_MENU;
  return WORKSHOP_MENU.filter((item) => mayOpen(item.screen, roles));
}

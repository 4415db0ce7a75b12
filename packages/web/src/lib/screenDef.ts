import { STAFF_ROLES } from '@ayar/contract';
import type { Role, StaffRole } from '@ayar/contract';

// The shape of an entry of the table of screens (lib/screens.ts, ADR 0046), kept apart from the table.

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
  | 'offline'
  | 'staff'
  | 'backups'
  | 'imports';

/**
 * Who may open a screen (docs/product.md §2.1; app/guard.ts decides): anyone, both signed-in roles, a
 * workshop only, or the admin only (the admin's screens are the manage/ ones).
 */
export type Access = 'public' | 'signed-in' | 'workshop' | 'admin';

/**
 * What is around the screen: the landing page (in the first download, prerendered: ADR 0016), nothing, the
 * slip's frame (printable, outside the shell), or the signed-in shell with its header and side menu.
 */
export type Frame = 'landing' | 'bare' | 'slip' | 'shell';

/** A screen's item in a role's side menu: its position, its label and, for a filtered list, its params. */
export interface MenuPlacement {
  at: number;
  label: string;
  params?: Readonly<Record<string, string>>;
}

export type TitleParams = Record<string, string | undefined>;

export interface ScreenDef {
  /** react-router path pattern, without the leading slash (docs/product.md §2.1). */
  path: string;
  feature: Feature;
  /** The Persian title shown in the shell's header (docs/product.md §2, docs/glossary.md). */
  title?: string | ((params: TitleParams) => string);
  access: Access;
  frame: Frame;
  menu?: Partial<Record<Role, MenuPlacement>>;
  /**
   * Which of a lab's people may open it (ADR 0049): the roles of the routes the screen needs, read from
   * the contract's role matrix (`ROUTE_PATHS`). Absent: the screen is no lab person's business (public,
   * admin) or anyone's.
   */
  staffRoles?: readonly StaffRole[];
}

/** The roles that may call any one of these routes (a screen that does either job). */
export function eitherOf(...lists: ReadonlyArray<readonly StaffRole[]>): readonly StaffRole[] {
  return STAFF_ROLES.filter((role) => lists.some((list) => list.includes(role)));
}

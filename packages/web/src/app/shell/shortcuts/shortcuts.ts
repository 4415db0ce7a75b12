import { ROUTE_PATHS } from '@ayar/contract';
import type { Role, StaffRole } from '@ayar/contract';
import { can, homeFor, mayOpen } from '../../../lib/roles.ts';
import type { MenuScreenId } from '../../../lib/screens.ts';
import { menuFor } from '../menus.ts';

// The counter's keyboard (docs/product.md §2.1, ADR 0013): `g` then a letter goes to a screen of the
// person's menu, `/` or Ctrl+K opens the search, «؟» the help, Ctrl+Enter saves a form and Alt+Enter is
// lab/add's «ذخیره و ادامه». Plain keys only outside fields; no browser-reserved combination (Ctrl+N,
// Ctrl+T, Ctrl+W…). Letters are matched by their place (`event.code`), so the Persian layout works.

/** The key that starts a go-to: `g` then the screen's letter. */
export const GO_KEY = 'g';
/** How long after `g` its letter may come. */
export const GO_TIMEOUT_MS = 1500;

interface GoDef {
  letter: string;
  /** The first of these screens the person's side menu holds is where the letter goes. */
  screens: readonly MenuScreenId[];
}

/** The go-to letters, each to a screen of the side menu (a role without it has no such shortcut). */
const GO_DEFS: readonly GoDef[] = [
  { letter: 'n', screens: ['lab/add'] },
  { letter: 'w', screens: ['lab/list/search'] },
  { letter: 'v', screens: ['lab/verify'] },
  { letter: 'l', screens: ['lab/list', 'manage/labs'] },
  { letter: 'c', screens: ['customer/list', 'manage/customers'] },
  { letter: 'o', screens: ['manage/lab-owners'] },
];

export interface GoShortcut {
  letter: string;
  /** The menu's label of the screen: «ثبت بسته», «در انتظار عیار»… */
  label: string;
  to: string;
}

/** Who is signed in, as the shortcuts read it. */
export interface Who {
  role: Role | null | undefined;
  roles: readonly StaffRole[] | null;
}

/**
 * The go-to shortcuts of who is signed in: `g h` home, then a letter for each screen of their menu that
 * has one (a screen their roles do not open is not in the menu, so it has no shortcut either).
 */
export function goShortcuts({ role, roles }: Who): GoShortcut[] {
  if (!role) return [];
  const menu = menuFor(role, roles);
  const home: GoShortcut = { letter: 'h', label: 'صفحه اصلی', to: homeFor(role === 'admin' ? null : roles) };
  const rest = GO_DEFS.flatMap((def) => {
    const item = def.screens.map((s) => menu.find((m) => m.screen === s)).find(Boolean);
    return item ? [{ letter: def.letter, label: item.label, to: item.to }] : [];
  });
  return [home, ...rest];
}

/** One line of the help: the keys (each a list pressed together, one after another) and what they do. */
export interface HelpLine {
  keys: readonly (readonly string[])[];
  /** The chords are pressed one after the other (`g` then `n`), not either of them. */
  then?: boolean;
  label: string;
}

export interface HelpGroup {
  title: string;
  lines: HelpLine[];
}

/** What the search finds for who is signed in (app/shell/search). */
export function searchScope({ role, roles }: Who): string {
  if (role === 'admin') return 'بسته با شماره، آزمایشگاه با نام';
  return mayOpen('customer/edit', roles) ? 'بسته با شماره، مشتری با نام، کد یا موبایل' : 'بسته با شماره';
}

/** The forms whose «ثبت» answers Ctrl+Enter (lab/add, lab/edit, customer/add and customer/edit). */
const SAVE_SCREENS = ['lab/add', 'lab/edit', 'customer/add'] as const;

/** The help dialog's lines for who is signed in: only what they may do. */
export function helpGroups(who: Who): HelpGroup[] {
  const go = goShortcuts(who).map((s) => ({ keys: [[GO_KEY], [s.letter]], then: true, label: s.label }));
  const groups: HelpGroup[] = [
    {
      title: 'همه‌جا',
      lines: [
        { keys: [['/'], ['Ctrl', 'K']], label: `جستجو: ${searchScope(who)}` },
        { keys: [['؟'], ['Shift', '/']], label: 'همین راهنما' },
      ],
    },
    { title: 'رفتن به صفحه (بیرون از فیلدها)', lines: go },
  ];
  if (who.role === 'workshop') {
    const forms: HelpLine[] = [];
    if (SAVE_SCREENS.some((s) => mayOpen(s, who.roles)))
      forms.push({ keys: [['Ctrl', 'Enter']], label: 'ثبت فرم (بسته، ویرایش بسته، مشتری)' });
    if (mayOpen('lab/add', who.roles)) {
      forms.push({ keys: [['Alt', 'Enter']], label: 'ذخیره و ادامه در ثبت بسته' });
      forms.push({ keys: [['Enter']], label: 'فیلد بعدی در ثبت بسته' });
    }
    if (can(ROUTE_PATHS.tests.addCutting.roles, who.roles))
      forms.push({ keys: [['Ctrl', 'Enter']], label: 'ثبت عیارهای نوشته‌شده در لیست بسته‌ها' });
    if (forms.length > 0) groups.push({ title: 'در فرم‌ها (درون فیلدها هم)', lines: forms });
  }
  return groups;
}

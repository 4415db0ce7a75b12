// The keys the app answers to (app/shell/shortcuts, the forms' «ثبت»): matched on `event.code` as well
// as `event.key`, so they work with the Persian layout active, where the letter keys give Persian
// letters and Shift+/ gives «؟».

/** The part of a KeyboardEvent a shortcut reads (DOM or React). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Ctrl on Windows and Linux, ⌘ on a Mac. */
const mod = (e: KeyPress) => e.ctrlKey || e.metaKey;
const isEnter = (e: KeyPress) => e.key === 'Enter' || e.code === 'Enter' || e.code === 'NumpadEnter';

/** Text fields, where a plain key is typing (a checkbox, radio or button is not). */
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'file',
  'range',
  'color',
  'image',
]);

/** Whether a key pressed on this element would type into a field: shell shortcuts then stay quiet. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** «؟» / «?»: the shortcuts' help (Shift+/ on either layout). */
export function isHelpKey(e: KeyPress): boolean {
  if (mod(e) || e.altKey) return false;
  return e.key === '?' || e.key === '؟' || (e.shiftKey && e.code === 'Slash');
}

/** «/» outside a field: the search box (the Slash key whatever it gives on this layout). */
export function isSlashKey(e: KeyPress): boolean {
  if (mod(e) || e.altKey || e.shiftKey) return false;
  return e.key === '/' || e.code === 'Slash';
}

/** Ctrl+K (⌘+K): the search box, from anywhere (it types nothing, so a field does not stop it). */
export function isSearchComboKey(e: KeyPress): boolean {
  return mod(e) && !e.altKey && !e.shiftKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k');
}

/** Ctrl+Enter (⌘+Enter): a form's «ثبت» / «ذخیره», from any of its fields (ADR 0013). */
export function isSaveKey(e: KeyPress): boolean {
  return mod(e) && !e.altKey && !e.shiftKey && isEnter(e);
}

/** Alt+Enter (⌥+Enter): «ذخیره و ادامه» on lab/add, from any of its fields. */
export function isSaveAndContinueKey(e: KeyPress): boolean {
  return e.altKey && !mod(e) && !e.shiftKey && isEnter(e);
}

/** The Latin letter of a plain key by its place on the keyboard (`KeyN` → 'n'), whatever the layout. */
export function plainLetter(e: KeyPress): string | null {
  if (mod(e) || e.altKey || e.shiftKey) return null;
  const match = /^Key([A-Z])$/.exec(e.code);
  if (match) return match[1]!.toLowerCase();
  // No code (some virtual keyboards): the key itself, when it is a Latin letter.
  return !e.code && /^[a-z]$/i.test(e.key) ? e.key.toLowerCase() : null;
}

/** How a shortcut is written in a title or the help: «ثبت (Ctrl+Enter)». */
export const KEY_LABELS = {
  save: 'Ctrl+Enter',
  saveAndContinue: 'Alt+Enter',
} as const;

/** A button's title with its shortcut: «ثبت (Ctrl+Enter)». */
export const withKeys = (label: string, keys: string) => `${label} (${keys})`;

/** A form's onKeyDown: Ctrl+Enter (⌘+Enter) submits it from any of its fields, as its «ثبت» button would. */
export function submitOnSaveKey(event: {
  nativeEvent: KeyPress & { isComposing: boolean };
  currentTarget: HTMLFormElement;
  preventDefault: () => void;
}): void {
  if (event.nativeEvent.isComposing || !isSaveKey(event.nativeEvent)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** The title of a form's save button that Ctrl+Enter presses (lab/edit). */
export const SAVE_TITLE = withKeys('ذخیره تغییرات', KEY_LABELS.save);

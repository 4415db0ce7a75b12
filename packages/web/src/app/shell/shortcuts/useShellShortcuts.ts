import { useEffect, useEffectEvent, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isHelpKey, isSearchComboKey, isSlashKey, isTypingTarget, plainLetter } from '../../../lib/keys.ts';
import { GO_KEY, GO_TIMEOUT_MS, goShortcuts } from './shortcuts.ts';
import type { Who } from './shortcuts.ts';

export interface ShellShortcutActions {
  openSearch: () => void;
  openHelp: () => void;
}

/** A dialog is open (a confirm, the help, the search, the menu's drawer): its own keys, not the shell's. */
function dialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * The shell's keys (shortcuts.ts): `g` then a letter goes to a screen of the person's menu, `/` and
 * Ctrl+K open the search, «؟» the help. Plain keys never fire while typing in a field; Ctrl+K does (it
 * types nothing). None fires over an open dialog or on a key the page already handled.
 */
export function useShellShortcuts(who: Who, actions: ShellShortcutActions): void {
  const navigate = useNavigate();
  const goStarted = useRef(0);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || event.repeat || dialogOpen()) return;
    if (isSearchComboKey(event)) {
      event.preventDefault();
      actions.openSearch();
      return;
    }
    if (isTypingTarget(event.target)) return;
    if (isHelpKey(event)) {
      event.preventDefault();
      actions.openHelp();
      return;
    }
    if (isSlashKey(event)) {
      event.preventDefault();
      actions.openSearch();
      return;
    }
    const letter = plainLetter(event);
    if (!letter) return;
    const started = goStarted.current;
    goStarted.current = 0;
    if (started && Date.now() - started <= GO_TIMEOUT_MS) {
      const target = goShortcuts(who).find((s) => s.letter === letter);
      if (target) {
        event.preventDefault();
        void navigate(target.to);
      }
      return;
    }
    if (letter === GO_KEY) goStarted.current = Date.now();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

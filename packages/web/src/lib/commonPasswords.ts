import { useEffect } from 'react';
import { loadCommonPasswords } from '@ayar/contract';

/**
 * Loads the common-password list while a form that sets a password is shown (ADR 0043): its own chunk,
 * fetched only here, so the landing page never carries it. Until it arrives (or if it cannot) the form
 * checks every other rule and the server refuses a common password with the same message.
 */
export function useCommonPasswords(): void {
  useEffect(() => {
    loadCommonPasswords().catch(() => undefined);
  }, []);
}

import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { alertError } from '../../lib/alert.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchNextCode } from './api.ts';
import { isNetworkError, isOffline, useAssaysOffline } from './offline.ts';
import { loadPending } from './pending.ts';
import { fieldId } from './useEnterToNext.ts';
import type { LabDraftForm } from './useLabAddForm.ts';
import { href } from '../../lib/screens.ts';

/**
 * docs/product.md §4.2: the next number is fetched on open; without one the lab is sent to buy numbers.
 * Offline (ADR 0033) it is the lowest number this device holds for offline use instead, and with none
 * left the form waits for the line, saying why (`noNumbers`).
 */
export function useNextNumber(form: LabDraftForm) {
  const navigate = useNavigate();
  const offline = useAssaysOffline();
  const [ready, setReady] = useState(false);
  const [noNumbers, setNoNumbers] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { setValue } = form;

  // Without numbers, the line's return is a new try (the shell tops the reservation up meanwhile).
  useEffect(() => {
    if (!noNumbers) return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [noNumbers]);

  useEffect(() => {
    const controller = new AbortController();
    const listed = loadPending().map((p) => p.draft.docNumber);
    const show = (docNumber: number) => {
      setValue('docNumber', String(docNumber));
      setNoNumbers(false);
      setReady(true);
      // Keyboard-first: the counter starts typing the customer at once.
      const field = document.getElementById(fieldId('customer'));
      (field instanceof HTMLInputElement ? field : field?.querySelector('input'))?.focus();
    };
    const fromReservation = async (device: NonNullable<typeof offline>) => {
      const next = await device.nextReserved(listed);
      if (controller.signal.aborted) return;
      if (next === null) setNoNumbers(true);
      else show(next);
    };
    if (offline && isOffline()) {
      void fromReservation(offline);
      return () => controller.abort();
    }
    /** GetCode's number, unless a queued entry of this device has it: then the device's next free one. */
    const online = async () => {
      if (!offline) return fetchNextCode(controller.signal);
      const next = await fetchNextCode(controller.signal, await offline.deviceHeaders());
      if (!(await offline.takenHere(next))) return next;
      return (await offline.nextReserved(listed)) ?? fetchNextCode(controller.signal);
    };
    online()
      .then((next) => {
        const after = listed.length > 0 ? Math.max(...listed) + 1 : 0;
        show(Math.max(next, after));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (offline && isNetworkError(error)) return void fromReservation(offline);
        if (error instanceof ApiError) alertError(error.message);
        void navigate(href('code/add'));
      });
    return () => controller.abort();
  }, [navigate, setValue, offline, attempt]);

  return { ready, noNumbers };
}

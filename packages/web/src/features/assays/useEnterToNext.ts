import type { KeyboardEvent } from 'react';
import { isSaveAndContinueKey } from '../../lib/keys.ts';

/** lab/add's fields, in the order Enter walks them (some only in some modes). */
export type FieldKey =
  | 'customer'
  | 'testFullName'
  | 'testMobile'
  | 'saveInCustomer'
  | 'type'
  | 'docNumber'
  | 'cutting'
  | 'readyTime'
  | 'sampleWeight'
  | 'weight'
  | 'desc'
  | 'sendSMS';

/** Fields Enter stops at; a checkbox is passed over (Space toggles it, Enter moves on). */
const CHECKBOXES: ReadonlySet<FieldKey> = new Set(['saveInCustomer', 'sendSMS']);

/** Every field of the form has the id `labf-<key>`: Enter finds where it is and where to go by it. */
const FIELD_PREFIX = 'labf-';
export const fieldId = (key: FieldKey) => FIELD_PREFIX + key;

/** The form's field names that have a place in the order (an error there is focused). */
const FIELD_OF: Readonly<Record<string, FieldKey>> = {
  customerId: 'customer',
  customerName: 'customer',
  testFullName: 'testFullName',
  testMobile: 'testMobile',
  type: 'type',
  docNumber: 'docNumber',
  cutting: 'cutting',
  readyTime: 'readyTime',
  sampleWeight: 'sampleWeight',
  weight: 'weight',
  desc: 'desc',
};

export interface EnterToNextOptions {
  /** Ctrl+Enter (⌘+Enter) anywhere in the form. */
  onCtrlEnter: () => void;
  /** Enter on the last field that Enter stops at. */
  onLastField: () => void;
  /** Alt+Enter (⌥+Enter) anywhere in the form: «ذخیره و ادامه» (app/shell/shortcuts). */
  onAltEnter?: () => void;
  /** Enter on a field, before it moves on: true when the screen handled it (the focus stays). */
  onEnter?: (key: FieldKey) => boolean;
}

/**
 * Keyboard-first entry (ADR 13): Enter moves to the next visible field of `order`, skipping checkboxes;
 * Enter on the last is `onLastField`, Ctrl+Enter `onCtrlEnter` (`keyDownHandler`). Fields are found by
 * their ids.
 */
export function useEnterToNext(order: readonly FieldKey[]) {
  const focusField = (key: FieldKey) => {
    const el = document.getElementById(fieldId(key));
    const input = el instanceof HTMLInputElement ? el : el?.querySelector('input');
    (input ?? el)?.focus();
    if (input instanceof HTMLInputElement && input.type !== 'checkbox') input.select();
  };
  /** The field after `key` that Enter stops at, or null at the end of the form. */
  const nextStop = (key: FieldKey): FieldKey | null => {
    const rest = order.slice(order.indexOf(key) + 1).filter((k) => !CHECKBOXES.has(k));
    return rest[0] ?? null;
  };
  const keyOf = (target: EventTarget): FieldKey | null => {
    const el = target instanceof Element ? target.closest(`[id^="${FIELD_PREFIX}"]`) : null;
    const key = el?.id.slice(FIELD_PREFIX.length) as FieldKey | undefined;
    return key && order.includes(key) ? key : null;
  };
  /** After a refused save: the first field of the order with an error takes the focus. */
  const focusFirstError = (errors: Readonly<Record<string, unknown>>) => {
    const first = order.find((key) =>
      Object.entries(FIELD_OF).some(([name, k]) => k === key && errors[name]),
    );
    if (first) focusField(first);
  };

  /** The form's key handler, with what the screen does at the ends of the walk. */
  const keyDownHandler = (options: EnterToNextOptions) => (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      options.onCtrlEnter();
      return;
    }
    if (isSaveAndContinueKey(event) && options.onAltEnter) {
      event.preventDefault();
      options.onAltEnter();
      return;
    }
    const target = event.target as HTMLElement;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return;
    if (event.defaultPrevented) return; // an autocomplete or select chose an option
    const key = keyOf(target);
    if (!key) return;
    event.preventDefault();
    if (options.onEnter?.(key)) return;
    const next = nextStop(key);
    if (next) focusField(next);
    else options.onLastField();
  };

  return { focusField, nextStop, focusFirstError, keyDownHandler };
}

export type EnterToNext = ReturnType<typeof useEnterToNext>;

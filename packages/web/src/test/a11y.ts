import { expect } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';

const CONTROL = 'button, a, [role="button"], [role="link"]';

/**
 * No control inside another (axe's `nested-interactive`, WCAG 4.1.2): a screen reader flattens a button's
 * or a link's content, so a delete button inside a clickable card would be lost. Checks `container` too.
 */
export function expectNoNestedControls(container: Element) {
  const controls = [
    ...(container.matches(CONTROL) ? [container] : []),
    ...container.querySelectorAll(CONTROL),
  ];
  const nested = controls
    .filter((el) => el.querySelector(CONTROL))
    .map((el) => `<${el.tagName.toLowerCase()} role=${el.getAttribute('role')}> ${el.textContent}`);
  expect(nested, 'controls that contain other controls').toEqual([]);
}

/**
 * Presses Tab from the start of the page until `target` has the focus, as a keyboard user would; fails if
 * it never does. Returns every element the focus passed through on the way.
 */
export async function tabTo(user: UserEvent, target: Element, limit = 30): Promise<Element[]> {
  (document.activeElement as HTMLElement | null)?.blur();
  const passed: Element[] = [];
  for (let i = 0; i < limit && document.activeElement !== target; i++) {
    await user.tab();
    if (document.activeElement) passed.push(document.activeElement);
  }
  expect(document.activeElement, 'Tab never reached the control').toBe(target);
  return passed;
}

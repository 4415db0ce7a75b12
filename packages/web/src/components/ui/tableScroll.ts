/**
 * Spread on `Table.ScrollContainer`: a table wider than a phone scrolls sideways, and its viewport
 * takes the keyboard's focus so the arrow keys reach the columns out of sight (WCAG 2.1.1; axe
 * scrollable-region-focusable). Kept out of the theme, which the landing page downloads up front.
 */
export const FOCUSABLE_SCROLL = { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } as const;

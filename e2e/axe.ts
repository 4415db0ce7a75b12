import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.1 A and AA: the level the project promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violation: rule, impact, and the selectors of every offending node. */
export interface AxeFinding {
  id: string;
  impact: string;
  nodes: string[];
}

/**
 * Runs axe on what the page shows now. Animations are finished first, so a toast or drawer caught
 * mid-fade is not read at a fraction of its colour (contrast would be judged on a half-transparent
 * element).
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // A spinner runs for ever: only animations that end are waited for.
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // Legacy mode runs axe in the page itself; the default opens a blank page per call to merge frame
  // results, which doubles the time, and the app has no cross-origin frames to merge.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => {
        const where = n.target.map(String).join(' ');
        // AXE_DETAIL=1 adds what axe measured (contrast ratios, the missing name) to each node.
        return process.env.AXE_DETAIL
          ? `${where} [${n.failureSummary?.replace(/\s+/g, ' ')}] ${n.html.slice(0, 160)}`
          : where;
      }),
    }));
}

/** Fails with a readable list (rule, impact, selectors) on any critical or serious WCAG 2.1 AA violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  const findings = await axeFindings(page);
  const lines = findings.map((f) => `${f.id} (${f.impact}): ${f.nodes.join(' | ')}`);
  expect(lines, `axe on ${label} (${new URL(page.url()).pathname})`).toEqual([]);
}

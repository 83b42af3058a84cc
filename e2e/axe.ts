import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits for the page's finite animations and transitions to end: a button enabled as its data arrives fades from
 * the disabled grey to its colour over 250 ms, and axe measuring it halfway reports a contrast it never keeps.
 * Endless ones (spinners, skeletons) are not waited for.
 */
const animationsEnded = (page: Page) =>
  page.evaluate<void>(`Promise.all(
    document.getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => undefined)),
  ).then(() => undefined)`);

/** Serious and critical WCAG 2.1 A/AA violations of the page as it stands, one line each. */
export const violations = async (page: Page, name: string) => {
  await animationsEnded(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from './field.js';

/** axe on the page as it is now (WCAG 2.x A/AA); a soft failure listing each violation with its nodes */
export async function expectAccessible(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const lines = result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join('; ')}`)
        .join('\n')}`,
  );
  expect.soft(lines, `accessibility violations on ${where}`).toEqual([]);
}

/** the page's own data has arrived: no loading indicator left */
export async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
}

/** open `path`, wait for `ready` and the data, then: no sideways scroll, no axe violation */
export async function checkPage(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  await settled(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, path);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core (docs/dependencies.md, "accessibility check") run in the page: the WCAG 2.0 and 2.1 A and AA rules on the
 * whole document, as e2e/tests/a11y.spec.ts uses it. Returns one line per violation and element (rule id, impact,
 * target), so an empty list means the screen is clean.
 */

const AXE_SCRIPT = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Violations allowed, by rule id and the exact selector they are found on, and why (a third-party widget that
 * cannot be fixed). Empty: every violation found so far was ours and was fixed.
 */
const EXCEPTIONS: ReadonlyArray<{ rule: string; target: string; reason: string }> = [];

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/** The violations on the screen on show, as `rule (impact): help — target` lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluated, not added as a <script>: the pages' strict Content-Security-Policy (ADR 0016) refuses an inline script
  // tag, while an evaluation from the test is outside the page's policy. Once per document (a navigation drops it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SCRIPT);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return (violations as Violation[]).flatMap((v) =>
    v.targets
      .filter((target) => !EXCEPTIONS.some((e) => e.rule === v.id && e.target === target))
      .map((target) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${target}`),
  );
}

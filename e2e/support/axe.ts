import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
/** Evaluated through the DevTools protocol: the app's CSP (no inline scripts) rightly blocks a script tag. */
const axeSource = fs.readFileSync(axePath, 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * axe-core in the page's document, once: a second scan of the same document (a modal opened, a
 * theme changed) does not send and compile its 500 KB again (~110 ms per scan on 2 busy cores).
 */
async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
}

/** Runs axe-core (WCAG 2 A/AA rules) in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await withAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations as Array<{
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: string[]; failureSummary?: string }>;
    }>;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}  ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}

/** Runs only the named axe-core rules (any impact), e.g. `target-size` (WCAG 2.2 AA, not in the default tags). */
export async function ruleViolations(page: Page, rules: string[]): Promise<AxeViolation[]> {
  await withAxe(page);
  return page.evaluate(async (ids) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ids }, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  }, rules);
}

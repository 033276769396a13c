/**
 * axe-core in the page, put into each document once. `@axe-core/playwright`'s `analyze()` evaluates
 * axe's 1.4 MB source again in the page and in every frame on every call (twice in the top frame),
 * which costs 0.3–0.9 s a scan on these machines, more than the scan of a small page itself. Here a
 * frame gets the source only when it has no `axe` yet, so a page that moves from route to route by
 * its router, or opens modal after modal, pays for it once. Then, as the builder's legacy mode does,
 * `axe.run` in the top frame, which reaches same-origin frames through their own copy of axe.
 */
import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

export type AxeResult = axe.Result;

/** Same-origin frames only (the builder's legacy mode): axe talks to frames that run their own axe. */
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

async function ensureAxe(frame: Frame): Promise<void> {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(CONFIGURE);
  } catch {
    // A frame that went away or refuses scripts (as the builder, it is left out of the scan).
  }
}

/**
 * The violations axe finds on the page, or within `include` (a CSS selector), for the rules tagged
 * `tags` (WCAG 2 A and AA by default).
 */
export async function axeViolations(
  page: Page,
  { include, tags = ['wcag2a', 'wcag2aa'] }: { include?: string; tags?: string[] } = {},
): Promise<AxeResult[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const outcome = await page.evaluate(
    ({ include, tags }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const context = include ? { include: [include], exclude: [] } : document;
      return inPage.run(context, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } }).then(
        (results) => ({ violations: results.violations, error: null }),
        (err: Error) => ({ violations: null, error: err.message }),
      );
    },
    { include, tags },
  );
  if (outcome.error !== null) throw new Error(`axe: ${outcome.error}`);
  return outcome.violations;
}

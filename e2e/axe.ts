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

/**
 * axe leaves the contrast of text on a gradient undecided ("incomplete": it cannot tell which of the
 * gradient's colours is behind the text), and only violations fail a check, so such text is never
 * judged. Here the gradients of the `backdrops` (CSS selectors: panels and cards that paint a
 * gradient behind text) are replaced in turn by their first and by their last colour, and axe's
 * colour-contrast rule runs on `include` against each: text must be readable at both ends. The
 * page's own styles are restored after each run.
 */
export async function gradientContrastViolations(
  page: Page,
  { include, backdrops }: { include: string; backdrops: string },
): Promise<AxeResult[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const found: AxeResult[] = [];
  for (const end of ['first', 'last'] as const) {
    const outcome = await page.evaluate(
      async ({ include, backdrops, end }) => {
        const inPage = (window as unknown as { axe: typeof axe }).axe;
        const changed: [HTMLElement, string, string][] = [];
        for (const el of document.querySelectorAll<HTMLElement>(backdrops)) {
          const colours = getComputedStyle(el).backgroundImage.match(/rgba?\([^)]*\)/g);
          if (!colours) continue;
          changed.push([el, el.style.backgroundImage, el.style.backgroundColor]);
          el.style.backgroundImage = 'none';
          el.style.backgroundColor = end === 'first' ? colours[0]! : colours[colours.length - 1]!;
        }
        try {
          const results = await inPage.run(
            { include: [include], exclude: [] },
            { resultTypes: ['violations'], runOnly: { type: 'rule', values: ['color-contrast'] } },
          );
          return { violations: results.violations, error: null };
        } catch (err) {
          return { violations: null, error: (err as Error).message };
        } finally {
          for (const [el, image, colour] of changed) {
            el.style.backgroundImage = image;
            el.style.backgroundColor = colour;
          }
        }
      },
      { include, backdrops, end },
    );
    if (outcome.error !== null) throw new Error(`axe: ${outcome.error}`);
    for (const v of outcome.violations) found.push({ ...v, help: `${v.help} (the backdrops' gradients at their ${end} colour)` });
  }
  return found;
}

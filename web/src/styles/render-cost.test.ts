/**
 * The style rules that keep a page load cheap for the renderer (docs/decisions/041-page-load-renderer-cost.md),
 * read from the style sheets themselves: the browser suite shows what they look like, these say
 * they are still there and still safe.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const css = (path: string) => readFileSync(join(SRC, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

/** The declarations of every rule whose selector list contains `selector` (top level or in @media). */
function declarations(sheet: string, selector: string): string[] {
  const out: string[] = [];
  for (const match of sheet.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = match[1]!.split(',').map((s) => s.trim());
    if (selectors.includes(selector)) out.push(match[2]!.trim());
  }
  return out;
}

/** The text inside the @media block whose condition is `condition`. */
function mediaBlock(sheet: string, condition: string): string {
  const start = sheet.indexOf(`@media ${condition}`);
  if (start < 0) return '';
  let depth = 0;
  for (let i = sheet.indexOf('{', start); i < sheet.length; i++) {
    if (sheet[i] === '{') depth++;
    else if (sheet[i] === '}' && --depth === 0) return sheet.slice(sheet.indexOf('{', start) + 1, i);
  }
  return '';
}

describe('reduced motion', () => {
  it('stops every animation and transition outright, not after 0.01 ms', () => {
    const block = mediaBlock(css('styles/global.css'), '(prefers-reduced-motion: reduce)');
    const rule = declarations(block, '*').join(';');
    expect(rule).toMatch(/animation:\s*none\s*!important/);
    expect(rule).toMatch(/transition:\s*none\s*!important/);
    // An endless animation of 0.01 ms fires an animationiteration event on every frame.
    expect(rule).not.toMatch(/animation-duration/);
  });

  it('loses no end state: no animation of the app keeps its last frame (fill mode)', () => {
    const offenders = cssFiles(SRC).filter((path) =>
      /animation(-fill-mode)?\s*:[^;}]*\b(forwards|both)\b/.test(readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('below the first screen', () => {
  it('the home page skips its category strips and the members’ rows, each keeping a place', () => {
    const sheet = css('features/home/home-page.css');
    for (const selector of ['.hx-strip', '.hx-home__mine']) {
      const rule = declarations(sheet, selector).join(';');
      expect(rule).toMatch(/content-visibility:\s*auto/);
      expect(rule).toMatch(/contain-intrinsic-size:\s*auto \d+px/);
    }
    // The first screen is never skipped.
    expect(declarations(sheet, '.hx-home__hot').join(';')).not.toMatch(/content-visibility/);
    expect(declarations(sheet, '.hx-home__top').join(';')).not.toMatch(/content-visibility/);
  });

  it('the footer skips its links part, not itself: the call to action rides over the content above and would be clipped', () => {
    const sheet = css('features/footer/footer.css');
    expect(declarations(sheet, '.site-footer__inner').join(';')).toMatch(/content-visibility:\s*auto/);
    expect(declarations(sheet, '.site-footer').join(';')).not.toMatch(/content-visibility/);
  });
});

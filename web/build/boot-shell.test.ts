import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineMark, stylesheetsToBodyEnd } from './boot-shell';

describe('boot shell (the first paint of a cold start)', () => {
  it('puts the brand mark inline, decorative, with ids of its own', () => {
    const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
    const mark = inlineMark(svg);
    expect(mark).toMatch(/^<svg class="boot__mark" width="64" height="64" aria-hidden="true" focusable="false"/);
    // The favicon's gradient id is renamed with every reference to it, so nothing else on the page
    // can collide with it.
    expect(svg).toContain('id="g"');
    expect(mark).not.toMatch(/id="g"|url\(#g\)/);
    expect(mark).toContain('id="boot-g"');
    expect(mark).toContain('url(#boot-g)');
  });

  it('moves every stylesheet from the head to the end of the body, and nothing else', () => {
    const html = [
      '<html><head>',
      '<script type="module" crossorigin src="/static/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/static/react-1.js">',
      '<link rel="stylesheet" crossorigin href="/static/index-1.css">',
      '<link rel="stylesheet" crossorigin href="/static/extra-1.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const out = stylesheetsToBodyEnd(html);
    const head = out.slice(0, out.indexOf('</head>'));
    const body = out.slice(out.indexOf('<body>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).toContain('rel="modulepreload"');
    expect(body).toMatch(/<div id="root"><\/div>\s*<link rel="stylesheet" crossorigin href="\/static\/index-1.css">\s*<link rel="stylesheet" crossorigin href="\/static\/extra-1.css">\s*<\/body>/);
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<html><head></head><body><p>x</p></body></html>';
    expect(stylesheetsToBodyEnd(html)).toBe(html);
  });
});

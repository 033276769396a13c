/**
 * The first paint of a cold start (first contentful paint on phones, ADR 019). Two changes to the
 * built index.html:
 *
 * - The brand's mark, `web/public/favicon.svg`, is put inline in the boot screen (in place of the
 *   `<!--boot-mark-->` comment), so the screen that shows while the bundle downloads has content
 *   without waiting for an image request. A brand that ships its own favicon.svg gets its own mark.
 * - The app's stylesheet moves from `<head>` to the end of `<body>`. A stylesheet in the body blocks
 *   the rendering of what follows it only, so the boot screen (styled inline) paints as soon as the
 *   HTML is in, while the stylesheet still holds back the app: module scripts run only after the
 *   style sheets before them have loaded, so the app never renders unstyled.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MARK = '<!--boot-mark-->';
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/** The SVG of `faviconFile` as an inline, decorative boot mark with ids of its own. */
export function inlineMark(svg: string): string {
  return svg
    .trim()
    .replace(/^<svg\b/, '<svg class="boot__mark" width="64" height="64" aria-hidden="true" focusable="false"')
    .replace(/\bid="([^"]+)"/g, 'id="boot-$1"')
    .replace(/url\(#([^)]+)\)/g, 'url(#boot-$1)')
    .replace(/href="#([^"]+)"/g, 'href="#boot-$1"');
}

/** Moves every `<link rel="stylesheet">` of the head to the end of the body. */
export function stylesheetsToBodyEnd(html: string): string {
  const links = html.match(STYLESHEET) ?? [];
  if (links.length === 0) return html;
  const without = html.replace(STYLESHEET, '');
  return without.replace('</body>', `${links.map((l) => `  ${l.trim()}`).join('\n')}\n  </body>`);
}

export function bootShell(faviconFile: string): Plugin {
  return {
    name: 'portal-boot-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return stylesheetsToBodyEnd(html.replace(MARK, inlineMark(readFileSync(faviconFile, 'utf8'))));
      },
    },
  };
}

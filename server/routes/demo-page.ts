/**
 * What the sandbox's `/__demo/` pages share: escaping, the nonce Content-Security-Policy they are sent
 * under, their base style and the error page (server/routes/demo-game.ts, demo-lobby.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON safe inside a <script type="application/json"> block. */
export const jsonForHtml = (v: unknown) =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Sends a page under a CSP that only lets the nonce-carrying inline script and style run. */
export function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return (
    reply
      .status(status)
      .header(
        'content-security-policy',
        [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "img-src 'self' data:",
          "connect-src 'self'",
          "base-uri 'none'",
          "form-action 'none'",
          // The portal shows the game in an iframe of its own origin.
          "frame-ancestors 'self'",
        ].join('; '),
      )
      // The ticket travels in the URL: never leak it to another site.
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(render(nonce))
  );
}

export const BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:#f4f1ea;
background:radial-gradient(120% 90% at 50% 0%,#3a1c5c 0%,#1b1030 55%,#0d0818 100%);display:flex;flex-direction:column}
button{font:inherit;cursor:pointer}
button:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** A way on from an error page: a link (in the same frame) and its words. */
export interface PageLink {
  href: string;
  label: string;
}

/** Language of a page: its `lang` and writing direction (English left to right by default). */
export interface PageLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

export const ENGLISH_PAGE: PageLanguage = { lang: 'en', dir: 'ltr' };

export function errorPage(
  nonce: string,
  title: string,
  text: string,
  link?: PageLink,
  language: PageLanguage = ENGLISH_PAGE,
): string {
  const way = link
    ? `<p><a class="way" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="${language.lang}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${BASE_CSS}
main{margin:auto;max-width:420px;padding:32px;text-align:center}
h1{font-size:1.4rem;margin:0 0 12px;color:#ffd166}p{opacity:.85;line-height:1.5}
.way{display:inline-block;margin-top:8px;padding:10px 20px;border-radius:999px;background:#ffd166;color:#2b1748;font-weight:700;text-decoration:none}
.way:focus-visible{outline:3px solid #fff;outline-offset:2px}</style></head>
<body><main role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${way}</main></body></html>`;
}

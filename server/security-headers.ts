/**
 * Security headers for the web app's responses, for the simulator and gateway mode alike,
 * and the Content-Security-Policy builder that docs/deploy.md copies for static hosting.
 *
 * The policy is what the built app needs and no more: scripts and styles only from its own files
 * plus the exact inline blocks of the built index.html, allowed by hash (the boot spinner's style);
 * React sets styles through the CSSOM and the HTML sanitiser drops `style` attributes, so no
 * 'unsafe-inline'. Images from itself and data: URLs (captcha, QR codes), frames from itself (the
 * demo game), and calls to itself plus the gateway origin of config.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';

/** Extra sources per CSP directive, for a real gateway's image CDN, game vendors' frames and so on. */
export interface CspSources {
  connect?: readonly string[];
  img?: readonly string[];
  frame?: readonly string[];
  media?: readonly string[];
  font?: readonly string[];
  style?: readonly string[];
  script?: readonly string[];
}

const ENV_NAMES: Record<keyof CspSources, string> = {
  connect: 'CSP_CONNECT_SRC',
  img: 'CSP_IMG_SRC',
  frame: 'CSP_FRAME_SRC',
  media: 'CSP_MEDIA_SRC',
  font: 'CSP_FONT_SRC',
  style: 'CSP_STYLE_SRC',
  script: 'CSP_SCRIPT_SRC',
};

// A source is one token: an origin, a scheme, a host pattern or a quoted keyword. Anything with
// spaces, ';' or ',' would let configuration inject directives into the header.
const SOURCE = /^(?:'[a-z0-9-]+'|'(?:sha256|sha384|sha512|nonce)-[A-Za-z0-9+/=_-]+'|[A-Za-z][A-Za-z0-9+.-]*:|(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?[A-Za-z0-9*.[\]:-]+(?::\d+|:\*)?(?:\/[^\s;,']*)?)$/;

function checked(sources: readonly string[] | undefined, directive: string): string[] {
  return (sources ?? []).map((s) => {
    if (!SOURCE.test(s)) throw new Error(`Invalid CSP source for ${directive}: ${JSON.stringify(s)}`);
    return s;
  });
}

/** Merge several source lists, dropping duplicates. */
export function mergeCspSources(...lists: readonly CspSources[]): CspSources {
  const out: Record<string, string[]> = {};
  for (const list of lists) {
    for (const [key, values] of Object.entries(list) as [keyof CspSources, readonly string[] | undefined][]) {
      if (!values) continue;
      out[key] = [...new Set([...(out[key] ?? []), ...values])];
    }
  }
  return out as CspSources;
}

/** Space-separated extra sources from CSP_CONNECT_SRC, CSP_IMG_SRC, CSP_FRAME_SRC, … */
export function cspSourcesFromEnv(env: NodeJS.ProcessEnv = process.env): CspSources {
  const out: Record<string, string[]> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name]?.trim();
    if (value) out[key] = value.split(/\s+/);
  }
  return out as CspSources;
}

/** The http(s) origin of a URL, or undefined for an empty or non-http value (same-origin calls). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gateway origin named by a build's runtime config.json (`gatewayUrl`), if any: the browser then
 * calls it directly and may load its images, so connect-src and img-src must allow it.
 */
export function configGatewayOrigin(webDist: string | undefined): string | undefined {
  if (!webDist) return undefined;
  const file = join(webDist, 'config.json');
  if (!existsSync(file)) return undefined;
  try {
    const config = JSON.parse(readFileSync(file, 'utf8')) as { gatewayUrl?: unknown };
    return typeof config.gatewayUrl === 'string' ? originOf(config.gatewayUrl) : undefined;
  } catch {
    return undefined;
  }
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Hash sources for the inline `<style>` and `<script>` blocks of an HTML page (CSP level 2): the
 * page keeps its inline boot styles without 'unsafe-inline'. Scripts with `src` or a non-JavaScript
 * type (JSON data blocks) are never executed inline and need no hash.
 */
export function inlineHashes(html: string): Pick<CspSources, 'style' | 'script'> {
  const style = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => hashOf(m[1] ?? ''));
  const script = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => {
      const attrs = m[1] ?? '';
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
      return !/\bsrc\s*=/i.test(attrs) && (!type || type === 'module' || type.includes('javascript'));
    })
    .map((m) => hashOf(m[2] ?? ''));
  return { ...(style.length ? { style } : {}), ...(script.length ? { script } : {}) };
}

/** The inline-block hashes of a build's index.html (none when there is no build). */
export function buildInlineHashes(webDist: string | undefined): Pick<CspSources, 'style' | 'script'> {
  const file = webDist ? join(webDist, 'index.html') : undefined;
  return file && existsSync(file) ? inlineHashes(readFileSync(file, 'utf8')) : {};
}

/** The Content-Security-Policy value for the portal, with optional extra sources per directive. */
export function buildCsp(extra: CspSources = {}): string {
  const uniq = (list: string[]) => [...new Set(list)];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', uniq(["'self'", ...checked(extra.script, 'script-src')])],
    ['style-src', uniq(["'self'", ...checked(extra.style, 'style-src')])],
    ['img-src', uniq(["'self'", 'data:', ...checked(extra.img, 'img-src')])],
    ['font-src', uniq(["'self'", ...checked(extra.font, 'font-src')])],
    ['connect-src', uniq(["'self'", ...checked(extra.connect, 'connect-src')])],
    ['media-src', uniq(["'self'", ...checked(extra.media, 'media-src')])],
    // The demo game (and a real gateway's games, once their origins are added) open in an iframe.
    ['frame-src', uniq(["'self'", ...checked(extra.frame, 'frame-src')])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // 'self', not 'none': the demo game page is framed by the portal itself.
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The CSP for a build folder: its inline blocks by hash, a gateway origin the browser calls directly
 * (static hosting with `gatewayUrl` set), plus any extra sources. docs/deploy.md prints it with
 * `npx tsx -e` for a static host's configuration.
 */
export function cspForBuild(webDist: string | undefined, gatewayUrl?: string, extra: CspSources = {}): string {
  const gateway = originOf(gatewayUrl);
  return buildCsp(mergeCspSources(extra, buildInlineHashes(webDist), gateway ? { connect: [gateway], img: [gateway] } : {}));
}

/** Every header the plugin sets, for a given CSP; docs/deploy.md lists the same values. */
export function securityHeaderValues(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Legacy twin of frame-ancestors 'self' for browsers without CSP level 2.
    'x-frame-options': 'SAMEORIGIN',
    // Only features the portal never uses; recognised names only, as Chromium logs unknown ones.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // allow-popups: the customer-service chat and payment pages open in popup windows
    // and the portal keeps its handle on them; other windows cannot reach the portal.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}

export interface SecurityHeadersOptions {
  /** Extra CSP sources; defaults to those in the CSP_*_SRC environment variables. */
  csp?: CspSources;
  /**
   * The built web app: the inline blocks of its index.html are allowed by hash, and (unless
   * `configGateway` is false) its config.json gateway origin in connect-src and img-src.
   */
  webDist?: string;
  configGateway?: boolean;
  /** Requests whose replies must go out untouched (gateway mode forwards the gateway's headers as is). */
  skip?: (request: FastifyRequest) => boolean;
}

/**
 * Helmet's part of securityHeaderValues: exactly those headers and values, every
 * other Helmet default off, so the set stays as strict as before, no more and no less (HSTS, for one,
 * belongs to the TLS front, not to a simulator on loopback http).
 */
export const HELMET_OPTIONS = {
  // Not global: the plugin's own hook applies Helmet, so `skip` can leave forwarded replies alone.
  global: false,
  // The CSP is the hash-built policy of buildCsp, set below: Helmet writes directives joined by ';'
  // with no space, while docs/deploy.md and static hosts use buildCsp's exact string.
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'sameorigin' },
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} satisfies FastifyHelmetOptions;

// The plugin itself is one step of the request pipeline (server/plugins/security-headers.ts).
export { securityHeaders } from './plugins/security-headers';

/**
 * The lite app's web app manifest, built from a brand's runtime config (`config.json`:
 * `brand`, and optionally `shortName`, `themeColor`, `backgroundColor`). One function for both sides
 * (ADR 006): the web build writes the shipped brand's `manifest.webmanifest` with it (vite.config.ts,
 * vite-plugin-pwa), and gateway mode serves the manifest of the brand its `config.json` names (one
 * build, several brands), so an installed portal carries the brand it was installed from.
 */

/** The fields of config.json the manifest reads; anything else in it is ignored. */
export interface ManifestBrandConfig {
  brand?: unknown;
  shortName?: unknown;
  themeColor?: unknown;
  backgroundColor?: unknown;
}

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'any';
  theme_color: string;
  background_color: string;
  icons: WebManifestIcon[];
}

export const DEFAULT_BRAND = 'Lucky Lotus';
/** The side menu's ink (--side-bg), as index.html's theme-color meta. */
export const DEFAULT_THEME_COLOR = '#15122b';
/** The page background (--bg). */
export const DEFAULT_BACKGROUND_COLOR = '#f3f4f9';
/** Launchers show about 12 characters under an icon. */
export const SHORT_NAME_MAX = 12;

/** The icons under web/public/icons (scripts/gen-icons.ts): 192 and 512 px, and a maskable 512. */
export const MANIFEST_ICONS: readonly WebManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX_COLOUR.test(value) ? value.toLowerCase() : fallback;
}

/**
 * The manifest of a brand. A missing or blank brand is the default brand; a short name longer than
 * a launcher shows falls back to the brand's first word (still cut to 12 characters); colours that
 * are not `#rrggbb` fall back to the portal's own.
 */
export function webManifest(config: ManifestBrandConfig): WebManifest {
  const name = text(config.brand) ?? DEFAULT_BRAND;
  const short = text(config.shortName) ?? (name.length > SHORT_NAME_MAX ? (name.split(/\s+/)[0] ?? name) : name);
  return {
    id: '/',
    name,
    short_name: short.slice(0, SHORT_NAME_MAX),
    description: 'Slots, live casino, sports, fishing, poker and lottery in one place.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: colour(config.themeColor, DEFAULT_THEME_COLOR),
    background_color: colour(config.backgroundColor, DEFAULT_BACKGROUND_COLOR),
    icons: MANIFEST_ICONS.map((icon) => ({ ...icon })),
  };
}

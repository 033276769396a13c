/**
 * Text colour for a background the server chooses (brand label colours such as the VIP level's
 * `clubLabel.color`/`color2` and `memberLabel.backgroundColor`), so the text meets WCAG AA (4.5:1)
 * whatever the brand sends.
 *
 * WCAG 2.2 definitions (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and
 * #dfn-contrast-ratio): each sRGB channel c in 0..1 is linearised as c / 12.92 when c <= 0.04045,
 * else ((c + 0.055) / 1.055) ^ 2.4; the relative luminance is L = 0.2126 R + 0.7152 G + 0.0722 B;
 * the contrast ratio of two colours is (L1 + 0.05) / (L2 + 0.05), L1 the lighter.
 *
 * Colours are read in hex (#rgb, #rgba, #rrggbb, #rrggbbaa; the alpha is ignored, the label is drawn
 * as if opaque). Another syntax is not judged: the caller's preferred colour is kept.
 */

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;

/** The two fallbacks: the app's ink and white. */
export const DARK_TEXT = '#1a1a2e';
export const LIGHT_TEXT = '#ffffff';

type Rgb = readonly [number, number, number];

/** A hex colour as 0..255 channels, or null when it is not hex. */
export function parseHexColor(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : (hex.match(/../g) ?? []);
  const [r, g, b] = digits.map((d) => parseInt(d, 16));
  return r === undefined || g === undefined || b === undefined ? null : [r, g, b];
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two hex colours (1 to 21), or null when either is not hex. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHexColor(a);
  const y = parseHexColor(b);
  if (!x || !y) return null;
  const [light, dark] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest contrast of a text colour over every background (each stop of a gradient). */
function worstContrast(text: string, backgrounds: readonly string[]): number | null {
  let worst = Infinity;
  for (const background of backgrounds) {
    const ratio = contrastRatio(text, background);
    if (ratio === null) return null;
    worst = Math.min(worst, ratio);
  }
  return worst;
}

/**
 * The text colour to draw over `backgrounds` (one colour, or the stops of a gradient): `preferred`
 * (the server's text colour, or the design's) when it reaches AA over all of them, otherwise
 * whichever of DARK_TEXT and LIGHT_TEXT contrasts more. With a background that is not hex,
 * `preferred` as it is.
 */
export function readableTextColor(backgrounds: readonly string[], preferred: string): string {
  if (backgrounds.length === 0) return preferred;
  const own = worstContrast(preferred, backgrounds);
  if (own !== null && own >= AA_CONTRAST) return preferred;
  const dark = worstContrast(DARK_TEXT, backgrounds);
  const light = worstContrast(LIGHT_TEXT, backgrounds);
  if (dark === null || light === null) return preferred;
  return dark >= light ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * Text colour for a background the server chooses (brand label colours such as the VIP level's
 * `clubLabel.color`/`color2` and `memberLabel.backgroundColor`), so the text meets WCAG AA (4.5:1)
 * whatever the brand sends. Colours are read and compared by colord (hex, rgb() and hsl() syntaxes;
 * contrast by the WCAG 2 relative-luminance formula of its a11y plugin). A colour colord cannot
 * read (a named colour, a CSS variable) is not judged: the caller's preferred colour is kept.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

// Not the names plugin: brands send hex, and its colour table would cost every route 2 KB gzip.
extend([a11yPlugin]);

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;

/** The two fallbacks: the app's ink and white. */
export const DARK_TEXT = '#1a1a2e';
export const LIGHT_TEXT = '#ffffff';

/** WCAG contrast ratio of two colours (1 to 21), or null when either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const x = colord(a.trim());
  const y = colord(b.trim());
  // colord rounds the ratio to two decimals, enough for a 4.5 threshold.
  return x.isValid() && y.isValid() ? x.contrast(y) : null;
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
 * whichever of DARK_TEXT and LIGHT_TEXT contrasts more. With a background that is not a colour,
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

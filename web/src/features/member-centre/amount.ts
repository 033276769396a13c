/** Money typed by the player (pure, so it is unit-tested without the app). */

/**
 * Parse a money amount typed by the player: digits with at most two decimals (a comma as the decimal
 * mark is accepted too). Null when it is not such a number.
 */
export function parseAmount(text: string): number | null {
  const clean = text
    .trim()
    .replace(/,(?=\d{1,2}$)/, '.')
    .replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : null;
}

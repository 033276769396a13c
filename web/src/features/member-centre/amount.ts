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

/** Why a typed amount is refused, as a translation key of the centre and its values. */
export type AmountRefusal =
  | { key: 'form.amount_required' }
  | { key: 'form.amount_invalid' }
  | { key: 'form.amount_range'; min: number; max: number }
  | { key: 'form.amount_over_balance'; amount: number };

/**
 * The checks every money form of the centre makes, in the order the player is told of them: an
 * amount at all, a positive two-decimal number (at most `cap`, the contract's bound, when given),
 * within the channel's `range`, and no more than the `available` balance.
 */
export function refuseAmount(
  text: string,
  limits: { cap?: number; range?: { min: number; max: number }; available?: number },
): AmountRefusal | null {
  if (!text.trim()) return { key: 'form.amount_required' };
  const amount = parseAmount(text);
  if (amount === null || amount <= 0 || (limits.cap !== undefined && amount > limits.cap)) return { key: 'form.amount_invalid' };
  const { range, available } = limits;
  if (range && (amount < range.min || amount > range.max)) return { key: 'form.amount_range', ...range };
  if (available !== undefined && amount > available) return { key: 'form.amount_over_balance', amount: available };
  return null;
}

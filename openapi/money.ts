/**
 * Money as the gateway moves it: amounts with at most two decimals in the brand currency (common.ts
 * Money). Sums and roundings go through integer minor units (cents) so binary fractions never leak
 * into a balance: 0.1 + 0.2 is 0.3 here. One module for the simulator and the web app;
 * plain functions, nothing to bundle beyond them.
 */

/** Minor units in one unit of the currency. */
export const MINOR_PER_UNIT = 100;

/**
 * The amount in whole minor units, rounded half away from zero on its decimal value: the product is
 * read at 15 significant digits first, so 1.005 (stored as 1.00499999…) gives 101, not 100.
 */
export function toMinor(amount: number): number {
  const scaled = Number((amount * MINOR_PER_UNIT).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** An amount from whole minor units. */
export function fromMinor(minor: number): number {
  return minor / MINOR_PER_UNIT;
}

/** The amount rounded to two decimals. */
export function roundMoney(amount: number): number {
  return fromMinor(toMinor(amount));
}

/** The sum of amounts, added in minor units. */
export function sumMoney(amounts: Iterable<number>): number {
  let minor = 0;
  for (const amount of amounts) minor += toMinor(amount);
  return fromMinor(minor);
}

/**
 * Whether a number is a finite amount with at most two decimals: exactly the number such an amount
 * reads as (10.25, 60.3, 1e2), so 0.1 + 0.2 (0.30000000000000004) is not one. A JSON number is its
 * value: 5.10 and 5.1 read as the same number.
 */
export function isMoney(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isFinite(amount) && roundMoney(amount) === amount;
}

/**
 * The largest amount a world holds (90 trillion): a round bound under the last amount whose minor
 * units are a safe integer (about 90.07 trillion), beyond which two decimals no longer survive the
 * arithmetic. A world file holding more is refused on import.
 */
export const MONEY_LIMIT = 90_000_000_000_000;

/**
 * Reading a Vietnamese draw result: the comma-separated numbers, grouped into prize tiers, and the
 * 'loto' head/tail table built from every number's last two digits.
 */

/** Northern draws: special 1×5 digits, first 1×5, second 2×5, third 6×5, fourth 4×4, fifth 6×4, sixth 3×3, seventh 4×2. */
const NORTHERN_TIERS = [1, 1, 2, 6, 4, 6, 3, 4];

export interface Tier {
  /** 0 the special prize, 1 the first prize, … */
  rank: number;
  numbers: string[];
}

export function numbersOf(result: string): string[] {
  return result
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Prize tiers of a result: the northern layout for 27 numbers, else one tier per number (fast draws). */
export function tiersOf(result: string): Tier[] {
  const numbers = numbersOf(result);
  const total = NORTHERN_TIERS.reduce((a, b) => a + b, 0);
  if (numbers.length === total) {
    let at = 0;
    return NORTHERN_TIERS.map((n, rank) => {
      const tier = { rank, numbers: numbers.slice(at, at + n) };
      at += n;
      return tier;
    });
  }
  return numbers.map((n, rank) => ({ rank, numbers: [n] }));
}

/** The loto table: for each head digit 0–9, the tails of the numbers' last two digits, sorted. */
export function headTail(result: string): string[][] {
  const rows: string[][] = Array.from({ length: 10 }, () => []);
  for (const n of numbersOf(result)) {
    const two = n.slice(-2).padStart(2, '0');
    rows[Number(two[0])]?.push(two[1] ?? '');
  }
  return rows.map((r) => r.sort());
}

/** Milliseconds as 'D HH:MM:SS' parts for the countdown. */
export function countdownParts(ms: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(h)}:${pad(m)}:${pad(sec)}` };
}

/**
 * Date filters of the record pages: presets and custom days in the player's local time, turned into
 * the calls' `startTime` (inclusive) and `endTime` (exclusive) epoch milliseconds.
 */
export type RangePreset = 'today' | 'yesterday' | 'week' | 'month' | 'custom';
export const RANGE_PRESETS: readonly Exclude<RangePreset, 'custom'>[] = [
  'today',
  'yesterday',
  'week',
  'month',
];

export interface TimeRange {
  startTime: number;
  endTime: number;
}

/** Local midnight of the day `offsetDays` from the day of `now` (calendar arithmetic, DST-safe). */
export function dayStart(now: Date, offsetDays = 0): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays).getTime();
}

export function presetRange(
  preset: Exclude<RangePreset, 'custom'>,
  now: Date = new Date(),
): TimeRange {
  switch (preset) {
    case 'today':
      return { startTime: dayStart(now), endTime: dayStart(now, 1) };
    case 'yesterday':
      return { startTime: dayStart(now, -1), endTime: dayStart(now) };
    case 'week':
      return { startTime: dayStart(now, -6), endTime: dayStart(now, 1) };
    case 'month':
      return { startTime: dayStart(now, -29), endTime: dayStart(now, 1) };
  }
}

/** `yyyy-MM-dd` of a local day, as `<input type="date">` reads and writes it. */
export function toInputDate(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parseInputDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) || toInputDate(d.getTime()) !== value ? null : d;
}

export type CustomRangeError = 'invalid' | 'order';

/** Whole days from `from` through `to` (both inclusive), or why they cannot be a range. */
export function customRange(from: string, to: string): TimeRange | CustomRangeError {
  const start = parseInputDate(from);
  const end = parseInputDate(to);
  if (!start || !end) return 'invalid';
  if (end.getTime() < start.getTime()) return 'order';
  return { startTime: dayStart(start), endTime: dayStart(end, 1) };
}

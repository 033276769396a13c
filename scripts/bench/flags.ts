/** Command-line flags the benches share the reading of. */

/** A `--name` flag that must be a positive number, or an error naming the flag and what it got. */
export function positive(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${raw}`);
  return n;
}

/**
 * The time left until a lottery draw closes, as the portal's lottery cards and the simulator's
 * lottery lobby both show it: '04:59', or '1:02:03' from an hour up; never negative.
 */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

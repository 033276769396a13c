import type { TFunction } from 'i18next';

/** '1 min', 'every 75 s', 'daily', 'weekly' for a draw interval in seconds. */
export function drawInterval(t: TFunction<'lottery'>, seconds: number): string {
  if (seconds >= 604_800 && seconds % 604_800 === 0) return t('interval.weekly');
  if (seconds >= 86_400 && seconds % 86_400 === 0) return seconds === 86_400 ? t('interval.daily') : t('interval.days', { count: seconds / 86_400 });
  if (seconds >= 86_400) return t('interval.days', { count: Math.round((seconds / 86_400) * 10) / 10 });
  if (seconds >= 3_600 && seconds % 3_600 === 0) return t('interval.hours', { count: seconds / 3_600 });
  if (seconds >= 60 && seconds % 60 === 0) return t('interval.minutes', { count: seconds / 60 });
  return t('interval.seconds', { count: seconds });
}

/** A stable hue per group code, for the lottery balls. */
export function groupHue(code: string): number {
  let h = 7;
  for (const ch of code) h = (h * 37 + ch.charCodeAt(0)) % 360;
  return h;
}

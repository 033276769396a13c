/** Line icons of the game categories (decorative: always next to a translated label). */
import { SvgIcon } from '../svg-icon';

const PATHS: Record<string, string> = {
  // Slot machine
  RNG: 'M5 4h11a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm1 4v6h2.5V8Zm3.75 0v6h2.5V8ZM14 8v6h1V8ZM18 9h1.5a1 1 0 0 1 1 1v2M20.5 6.5a1.2 1.2 0 1 1 0 .01M6 17h9',
  // Dealer chip
  LIVE: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm0 4a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-4v4m0 10v4M3 12h4m10 0h4M5.6 5.6l2.8 2.8m7.2 7.2 2.8 2.8m0-12.8-2.8 2.8m-7.2 7.2-2.8 2.8',
  // Fish
  FISH: 'M3 12c3-5 9-6.5 13-3l4-3v12l-4-3c-4 3.5-10 2-13-3Zm12.5-1.2a.8.8 0 1 1 0 .01M8 9.5c.8 1.5.8 3.5 0 5',
  // Ball
  SPORTS: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm0 4.5 3.6 2.6-1.4 4.2H9.8L8.4 10.1ZM12 3v4.5m3.6 2.6 4.9-1.4M14.2 14.3l2.8 4.1M9.8 14.3 7 18.4M8.4 10.1 3.5 8.7',
  // Game pad
  ESPORTS: 'M7 8h10a5 5 0 0 1 4.8 6.4l-.8 2.7a2.3 2.3 0 0 1-4 .7L15 16H9l-2 1.8a2.3 2.3 0 0 1-4-.7l-.8-2.7A5 5 0 0 1 7 8Zm1 3v3m-1.5-1.5h3M15.5 12a.6.6 0 1 1 0 .01M17.5 13.5a.6.6 0 1 1 0 .01',
  // Cards
  PVP: 'M9 4.5l7.7 2a1.5 1.5 0 0 1 1 1.8l-3 11.2a1.5 1.5 0 0 1-1.8 1.1l-7.7-2a1.5 1.5 0 0 1-1.1-1.9l3-11.1A1.5 1.5 0 0 1 9 4.5Zm2.5 6.3c.9-1.6 3.5-.9 2.8 1l-1.9 2.4-3-.9c-1.8-.8-.8-3.3 1-2.8ZM14 3.5l1-.2',
  // Rocket
  INHOUSE: 'M14 4c3-1 6-1 6-1s0 3-1 6l-6 6-4-4Zm-4 7-3 .5L4 14l4 1m5-1-.5 3L10 20l-1-4m6.5-8.5a1 1 0 1 1 0 .01M6 18l-2 2',
  // Lottery balls
  LOTTERY: 'M8 4.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm8.5 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8ZM9.5 15.5a3.5 3.5 0 1 1-3.5 3.5M7 7.5h1.5V11m7.2 1.2h2.2l-1.6 3',
  HOT: 'M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.5 2-4.5.3 1.7 1 2.6 2 3 0-3.5-.5-5.5 1-8.5Z',
  STAR: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9Z',
  TROPHY: 'M8 4h8v5a4 4 0 0 1-8 0Zm0 1.5H4.5a3 3 0 0 0 3.6 4.3M16 5.5h3.5a3 3 0 0 1-3.6 4.3M12 13v4m-3.5 3h7l-.7-3H9.2Z',
  CLOCK: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm0 4.5V12l3 2',
  GRID: 'M4 4h7v7H4Zm9 0h7v7h-7ZM4 13h7v7H4Zm9 0h7v7h-7Z',
  SEARCH: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm4.8 11.3L20 20',
  PLAY: 'M8 5.5v13l10.5-6.5Z',
  BACK: 'M15 5l-7 7 7 7',
  TOOLS: 'M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7 7.3 20l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.6 2.6-2.3-.7-.7-2.3Z',
  REFRESH: 'M19 8a8 8 0 1 0 1 6m-1-9v4h-4',
  EXPAND: 'M4 9V4h5m6 0h5v5m0 6v5h-5m-6 0H4v-5',
};

export type IconName = keyof typeof PATHS | string;

export function CategoryIcon({ name, size = 22, className }: { name: IconName; size?: number; className?: string }) {
  const d = PATHS[name.toUpperCase()] ?? PATHS.GRID;
  const filled = name === 'PLAY' || name === 'STAR' || name === 'HOT';
  return <SvgIcon className={className} d={d ?? ''} size={size} filled={filled} strokeWidth={1.7} />;
}

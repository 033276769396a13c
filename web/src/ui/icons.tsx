/** Inline SVG icons (no icon font, no network). All decorative: callers label the control. */
import type { SVGProps } from 'react';
import { SvgIcon } from './svg-icon';

export type IconName =
  | 'home' | 'inhouse' | 'lottery' | 'live' | 'sports' | 'fish' | 'slots' | 'pvp' | 'esports'
  | 'vip' | 'referral' | 'promotions' | 'language' | 'support' | 'download' | 'chevron' | 'arrow'
  | 'eye' | 'eye-off' | 'refresh' | 'user' | 'logout' | 'wallet' | 'record' | 'bet' | 'agent'
  | 'chat' | 'mail' | 'megaphone' | 'help' | 'speed' | 'info' | 'book' | 'facebook' | 'instagram'
  | 'telegram' | 'sun' | 'moon' | 'grid' | 'more' | 'deposit' | 'withdraw' | 'android' | 'apple'
  | 'gift' | 'shield' | 'close' | 'menu';

const paths: Record<IconName, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  inhouse: 'M12 2l2.6 6.2L21 9l-5 4.4L17.5 20 12 16.7 6.5 20 8 13.4 3 9l6.4-.8z',
  lottery: 'M7 3h10l4 6-9 12L3 9zM3 9h18M12 21L8 9l4-6 4 6z',
  live: 'M4 5h16v11H4zM8 20h8M12 16v4M10 8.5v4l3.5-2z',
  sports: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4l3 2.2-1.1 3.6h-3.8L9 9.2zM3.5 10.5L9 9.2M20.5 10.5L15 9.2M10.1 12.8L8 18M13.9 12.8L16 18',
  fish: 'M3 12c3-5 9-6 13-2l5-3v10l-5-3c-4 4-10 3-13-2zM8 11.5h.01',
  slots: 'M5 4h14v16H5zM5 9h14M5 15h14M9.5 9v6M14.5 9v6M19 7l2-1v7',
  pvp: 'M7 3l5 4 5-4v6l-5 4-5-4zM4 21c0-4 3.5-6 8-6s8 2 8 6',
  esports: 'M6 8h12a4 4 0 0 1 4 4v3a3 3 0 0 1-5.3 1.9L15 15H9l-1.7 1.9A3 3 0 0 1 2 15v-3a4 4 0 0 1 4-4zM7 11v3M5.5 12.5h3M16 11.5h.01M18 13.5h.01',
  vip: 'M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z',
  referral: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2M17 13v8M13 17h8',
  promotions: 'M3 10h18v11H3zM12 10v11M2 6h20v4H2zM12 6c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1',
  language: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zM20 13h-3v6h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-5 2',
  download: 'M12 3v12M7 10l5 5 5-5M4 17v3h16v-3',
  chevron: 'M9 6l6 6-6 6',
  arrow: 'M15 6l-6 6 6 6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  'eye-off': 'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.3-.5 4.6-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2',
  refresh: 'M20 11a8 8 0 0 0-14.7-4.3L4 8M4 4v4h4M4 13a8 8 0 0 0 14.7 4.3L20 16M20 20v-4h-4',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-4v4M16 13.5h.01',
  record: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  bet: 'M4 6h16v12H4zM4 10h16M8 14h3',
  agent: 'M12 3l7 3v5c0 5-3 8.5-7 10-4-1.5-7-5-7-10V6zM9 12l2 2 4-4',
  chat: 'M4 5h16v11H9l-5 4z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  megaphone: 'M3 10v4h3l8 5V5L6 10zM18 9a4 4 0 0 1 0 6',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01',
  speed: 'M4 18a9 9 0 1 1 16 0M12 14l4-5',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5h.01',
  book: 'M4 4h6a3 3 0 0 1 2 1 3 3 0 0 1 2-1h6v15h-6a2 2 0 0 0-2 1 2 2 0 0 0-2-1H4zM12 5v15',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.5 6.5h.01',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l9-7',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  deposit: 'M12 3v10M8 9l4 4 4-4M3 15v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4',
  withdraw: 'M12 13V3M8 7l4-4 4 4M3 15v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4',
  android: 'M6 9h12v8a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM6 8a6 6 0 0 1 12 0zM9 18v3M15 18v3M3.5 10v5M20.5 10v5M7.5 3l1.5 2M16.5 3L15 5',
  apple: 'M16 3c0 2-1.5 3.5-3.5 3.5 0-2 1.5-3.5 3.5-3.5zM12 7.5c1.2 0 2-.8 3.5-.8 1.3 0 2.8.8 3.5 2.3-3 1.7-2.6 6 .5 7.2-.8 2-2.2 4.8-4 4.8-1.3 0-1.7-.8-3.5-.8s-2.3.8-3.5.8C6.5 21 4 16.8 4 13c0-3.3 2-5.5 4.5-5.5 1.5 0 2.3.8 3.5.8z',
  gift: 'M3 10h18v11H3zM12 10v11M2 6h20v4H2zM12 6c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1',
  shield: 'M12 3l7 3v5c0 5-3 8.5-7 10-4-1.5-7-5-7-10V6z',
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 6h16M4 12h16M4 18h16',
};

export function Icon({ name, size = 20, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <SvgIcon d={paths[name]} size={size} {...rest} />;
}

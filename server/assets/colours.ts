/** Colours of the generated images: the gradient palette, vendor brand colours and theme tables. */

/** FNV-1a: stable colours and shapes per id. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The item at index, wrapping around the list. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex(r: number, g: number, b: number): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function grey(hex: string): string {
  const [r, g, b] = hexToRgb(hex);
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  return toHex(y, y, y);
}

export function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const f = (v: number) => (amount >= 0 ? v + (255 - v) * amount : v * (1 + amount));
  return toHex(f(r), f(g), f(b));
}

/** Gradient pairs that read well under white text. */
export const PALETTE: [string, string][] = [
  ['#ff512f', '#dd2476'],
  ['#7f00ff', '#e100ff'],
  ['#f7971e', '#d35400'],
  ['#11998e', '#0b6e4f'],
  ['#1d4ed8', '#06b6d4'],
  ['#8e2de2', '#4a00e0'],
  ['#c31432', '#240b36'],
  ['#f953c6', '#b91d73'],
  ['#0f2027', '#2c5364'],
  ['#e65c00', '#b8860b'],
  ['#134e5e', '#2f9e6e'],
  ['#6a3093', '#a044ff'],
  ['#b24592', '#f15f79'],
  ['#2b5876', '#4e4376'],
  ['#d31027', '#ea384d'],
  ['#16a085', '#1b5e20'],
];

export const VENDOR_COLOURS: Record<string, string> = {
  PG: '#f26522',
  JILI: '#e31b23',
  PP: '#f08c00',
  JDB: '#0057b8',
  CQ9: '#f5a300',
  FC: '#c8102e',
  SPADE: '#2b2b2b',
  HABA: '#c9a227',
  RT: '#d6001c',
  NLC: '#111111',
  BNG: '#6c2bd9',
  KA: '#00a3e0',
  PS: '#7a2fbd',
  YGG: '#e4a700',
  EVO: '#1b1b3a',
  SEXY: '#d81b60',
  DG: '#b8860b',
  SA: '#b3001b',
  PPL: '#ff7a00',
  EZUGI: '#00853e',
  WM: '#1f4e9c',
  AB: '#a0182b',
  FG: '#00897b',
  YL: '#0077c8',
  BG: '#e65100',
  KM: '#5e35b1',
  FF: '#00acc1',
  KY: '#c62828',
  LEG: '#4e342e',
  V8: '#2e7d32',
  MP: '#283593',
  SABA: '#005eb8',
  SBO: '#0a3d62',
  CMD: '#00695c',
  BTI: '#37474f',
  '9W': '#1565c0',
  AV: '#6a1b9a',
  AI: '#00838f',
  IMES: '#ad1457',
  TF: '#ef6c00',
  IA: '#283593',
  TCG: '#b71c1c',
  SGW: '#f9a825',
  GPI: '#2e7d32',
  LLL: '#d63384',
  VNL: '#da251d',
  LLO: '#d63384',
  SPRIBE: '#e10032',
};

export function vendorColour(code: string): string {
  return VENDOR_COLOURS[code.toUpperCase()] ?? at(PALETTE, hash(code))[0];
}

export const GROUP_THEMES: Record<string, [string, string, string]> = {
  w_hot: ['#3a0ca3', '#7209b7', '#f72585'],
  w_down: ['#023e8a', '#0077b6', '#00b4d8'],
  w_promotion: ['#7f1d1d', '#b91c1c', '#f59e0b'],
  w_shop: ['#064e3b', '#047857', '#34d399'],
  w_help: ['#1e293b', '#334155', '#38bdf8'],
  w_reg: ['#581c87', '#9d174d', '#fbbf24'],
};

export const PROMO_THEMES: Record<string, [string, string, string]> = {
  new_player: ['#9d174d', '#f43f5e', 'NEW PLAYER'],
  deposit: ['#1e3a8a', '#3b82f6', 'DEPOSIT'],
  rebate: ['#065f46', '#10b981', 'REBATE'],
  vip: ['#1a1a2e', '#b8860b', 'VIP'],
  REFERRAL: ['#5b21b6', '#a855f7', 'REFERRAL'],
  raffle: ['#9a3412', '#f97316', 'LUCKY DRAW'],
};

/** Stripes (top to bottom) of the flags the world uses; others get a colour from the code. */
export const FLAG_STRIPES: Record<string, string[]> = {
  IN: ['#ff9933', '#ffffff', '#138808'],
  BD: ['#006a4e'],
  LK: ['#ffb700', '#8d153a'],
  NP: ['#dc143c', '#003893'],
  AE: ['#00732f', '#ffffff', '#000000'],
  SA: ['#006c35'],
  QA: ['#8a1538'],
  OM: ['#ffffff', '#db161b', '#008000'],
  KW: ['#007a3d', '#ffffff', '#ce1126'],
  BH: ['#ce1126'],
  GB: ['#012169', '#c8102e', '#012169'],
  US: ['#b22234', '#ffffff', '#b22234', '#ffffff', '#3c3b6e'],
  CA: ['#d52b1e', '#ffffff', '#d52b1e'],
  AU: ['#00008b'],
  MY: ['#cc0001', '#ffffff', '#cc0001', '#010066'],
  SG: ['#ef3340', '#ffffff'],
  TH: ['#a51931', '#f4f5f8', '#2d2a4a', '#f4f5f8', '#a51931'],
  VN: ['#da251d'],
  ID: ['#ce1126', '#ffffff'],
  PH: ['#0038a8', '#ce1126'],
  KH: ['#032ea1', '#e00025', '#032ea1'],
  MM: ['#fecb00', '#34b233', '#ea2839'],
  CN: ['#de2910'],
  TW: ['#fe0000'],
  KR: ['#ffffff'],
  JP: ['#ffffff'],
  BR: ['#009c3b'],
  ES: ['#aa151b', '#f1bf00', '#aa151b'],
  DE: ['#000000', '#dd0000', '#ffce00'],
};

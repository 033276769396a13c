/**
 * Drawing the images as SVG. Every text that goes into markup is XML-escaped first (xmlEscape).
 */
import QRCode from 'qrcode';
import { FLAG_STRIPES, GROUP_THEMES, PALETTE, PROMO_THEMES, at, grey, hash, shade, vendorColour } from './colours';
import type { BannerInfo, GameInfo, PromotionInfo } from './source';

/** XML-escapes text for element content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

const FONT =
  "'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif";
/**
 * Arabic-script text (Urdu) names Arabic-script faces first, the web app's Urdu list: a Latin-only
 * list leaves each engine to pick a fallback per letter, and letters drawn from different faces do
 * not join (docs/decisions/027-every-engine.md).
 */
const ARABIC_FONT =
  "'Noto Naskh Arabic', 'Noto Naskh Arabic UI', 'Noto Sans Arabic', 'Noto Sans Arabic UI', 'Segoe UI', Tahoma, 'Geeza Pro', sans-serif";
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

type Anchor = 'left' | 'middle' | 'right';
/**
 * The font, spacing, direction and anchor attributes of one text drawn at its x on `anchor`'s side.
 * Text with Arabic script runs right to left (so "100%" and "$500" sit where an Urdu reader expects
 * them), with no letter spacing: spacing breaks the joining of letters, and WebKit then places each
 * letter on its own, left to right. Right to left, the text's start is its right end.
 */
function textStyle(text: string, anchor: Anchor, letterSpacing?: number): string {
  if (ARABIC_SCRIPT.test(text)) {
    const rtlAnchor = anchor === 'left' ? 'end' : anchor === 'right' ? 'start' : 'middle';
    return `font-family="${ARABIC_FONT}" direction="rtl" unicode-bidi="embed" text-anchor="${rtlAnchor}"`;
  }
  const ltrAnchor = anchor === 'left' ? 'start' : anchor === 'right' ? 'end' : 'middle';
  return `font-family="${FONT}"${anchor === 'left' ? '' : ` text-anchor="${ltrAnchor}"`}${letterSpacing ? ` letter-spacing="${letterSpacing}"` : ''}`;
}

/** Splits text into at most maxLines lines of about maxChars; the last line gets an ellipsis. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept.map((l) => (l.length > maxChars + 2 ? `${l.slice(0, maxChars)}…` : l));
  }
  return lines.map((l) => (l.length > maxChars + 2 ? `${l.slice(0, maxChars)}…` : l));
}

function doc(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${xmlEscape(label)}">` +
    `<title>${xmlEscape(label)}</title>${body}</svg>`
  );
}

/** Five gradient petals around (0,0), pointing up; scale with a transform. */
function lotus(
  idPrefix: string,
  petal1 = '#ff7eb3',
  petal2 = '#ff3d7f',
  centre = '#ffd54f',
): string {
  const petal = 'M0 0 C 22 -28 24 -70 0 -104 C -24 -70 -22 -28 0 0 Z';
  const angles = [-72, -36, 36, 72, 0];
  return (
    `<defs><linearGradient id="${idPrefix}p" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${petal2}"/><stop offset="1" stop-color="${petal1}"/></linearGradient></defs>` +
    angles
      .map(
        (a) =>
          `<path d="${petal}" transform="rotate(${a})" fill="url(#${idPrefix}p)" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>`,
      )
      .join('') +
    `<ellipse cx="0" cy="4" rx="34" ry="10" fill="${centre}"/>`
  );
}

function coin(x: number, y: number, r: number): string {
  return (
    `<g transform="translate(${x} ${y})"><circle r="${r}" fill="url(#coin)"/><circle r="${(r * 0.78).toFixed(1)}" fill="none" stroke="#b8860b" stroke-width="${(r * 0.08).toFixed(1)}"/>` +
    `<text y="${(r * 0.36).toFixed(1)}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${(r * 1.05).toFixed(1)}" fill="#9a6b00">$</text></g>`
  );
}

const COIN_DEFS =
  '<radialGradient id="coin" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff6c2"/><stop offset="0.45" stop-color="#ffd54f"/><stop offset="1" stop-color="#e0a800"/></radialGradient>';

export function vendorLogoSvg(code: string, name: string, mono: boolean): string {
  const base = vendorColour(code);
  const c1 = mono ? grey(shade(base, 0.15)) : shade(base, 0.15);
  const c2 = mono ? grey(shade(base, -0.25)) : shade(base, -0.25);
  const label = code.toUpperCase();
  const size = label.length <= 3 ? 40 : label.length <= 4 ? 34 : label.length <= 5 ? 28 : 24;
  const sub = wrap(name, 22, 1)[0] ?? '';
  return doc(
    240,
    96,
    `${name} logo`,
    `<defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>` +
      `<rect x="2" y="2" width="236" height="92" rx="18" fill="url(#v)"/>` +
      `<rect x="2" y="2" width="236" height="46" rx="18" fill="#ffffff" fill-opacity="0.08"/>` +
      `<circle cx="50" cy="48" r="30" fill="#ffffff" fill-opacity="0.95"/>` +
      `<text x="50" y="${label.length > 2 ? 56 : 58}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${label.length > 2 ? 20 : 26}" fill="${c2}">${xmlEscape(label.slice(0, 2))}</text>` +
      `<text x="92" y="52" font-family="${FONT}" font-weight="800" font-size="${size}" fill="#ffffff" letter-spacing="1">${xmlEscape(label)}</text>` +
      `<text x="93" y="74" font-family="${FONT}" font-weight="600" font-size="13" fill="#ffffff" fill-opacity="0.85">${xmlEscape(sub)}</text>`,
  );
}

const SLOT_SYMBOLS: string[][] = [
  ['7', '★', '♦'],
  ['7', '7', '7'],
  ['♣', '7', '♥'],
  ['$', '★', '$'],
  ['♦', '♦', '♦'],
  ['BAR', '7', 'BAR'],
  ['★', '★', '★'],
];

function motif(category: string, classify: string, seed: number): string {
  const white = 'fill="#ffffff"';
  switch (classify === 'ESPORTS' ? 'ESPORTS' : category) {
    case 'LIVE':
    case 'PVP':
      return (
        `<g transform="translate(150 118)"><g transform="rotate(-14)"><rect x="-62" y="-52" width="74" height="104" rx="10" ${white} fill-opacity="0.9"/><text x="-25" y="14" text-anchor="middle" font-size="44" fill="#c62828" font-family="${FONT}">♥</text></g>` +
        `<g transform="rotate(12)"><rect x="-10" y="-56" width="74" height="104" rx="10" ${white}/><text x="27" y="12" text-anchor="middle" font-size="46" fill="#1a1a2e" font-family="${FONT}">♠</text></g></g>`
      );
    case 'FISH':
      return (
        `<g transform="translate(150 118)" ${white} fill-opacity="0.92"><path d="M-70 0 C -40 -48 30 -48 52 0 C 30 48 -40 48 -70 0 Z"/><path d="M46 0 L 84 -30 L 76 0 L 84 30 Z"/>` +
        `<circle cx="-42" cy="-8" r="7" fill="#1a1a2e"/></g><g fill="#ffffff" fill-opacity="0.55"><circle cx="236" cy="62" r="9"/><circle cx="254" cy="38" r="6"/><circle cx="62" cy="170" r="7"/></g>`
      );
    case 'SPORTS':
      return (
        `<g transform="translate(150 116)"><circle r="58" ${white}/><path d="M0 -22 L 21 -7 L 13 18 L -13 18 L -21 -7 Z" fill="#1a1a2e"/>` +
        `<path d="M0 -22 L0 -58 M21 -7 L55 -18 M13 18 L34 47 M-13 18 L-34 47 M-21 -7 L-55 -18" stroke="#1a1a2e" stroke-width="4"/></g>`
      );
    case 'ESPORTS':
      return (
        `<g transform="translate(150 118)"><path d="M-78 -10 C -78 -40 -50 -44 -30 -34 L 30 -34 C 50 -44 78 -40 78 -10 L 84 34 C 86 52 66 58 54 44 L 34 22 L -34 22 L -54 44 C -66 58 -86 52 -84 34 Z" ${white}/>` +
        `<path d="M-48 -12 h24 M-36 -24 v24" stroke="#1a1a2e" stroke-width="8" stroke-linecap="round"/><circle cx="36" cy="-18" r="7" fill="#e53935"/><circle cx="52" cy="-4" r="7" fill="#1e88e5"/></g>`
      );
    case 'ELOTT':
    case 'LOTT':
      return [
        [-62, 6, '#e53935', '7'],
        [0, -18, '#fdd835', '3'],
        [62, 6, '#1e88e5', '9'],
      ]
        .map(
          ([x, y, c, n]) =>
            `<g transform="translate(${150 + Number(x)} ${118 + Number(y)})"><circle r="36" fill="${c}"/><circle r="22" ${white}/><text y="10" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="28" fill="#1a1a2e">${n}</text></g>`,
        )
        .join('');
    case 'INHOUSE':
      return (
        `<g transform="translate(150 118)"><path d="M-90 50 C -30 46 20 20 70 -50" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
        `<g transform="translate(70 -50) rotate(-35)"><path d="M-6 -34 C 10 -20 10 20 6 30 L -18 30 C -22 20 -22 -20 -6 -34 Z" ${white}/><path d="M-18 18 L -34 34 L -14 28 Z M6 18 L 22 34 L 2 28 Z" fill="#ffd54f"/></g></g>`
      );
    default: {
      const symbols = at(SLOT_SYMBOLS, seed);
      const ink = at(['#d81b60', '#1a237e', '#b8860b', '#2e7d32', '#6a1b9a'], seed >>> 3);
      return symbols
        .map(
          (sym, i) =>
            `<g transform="translate(${80 + i * 70} 112)"><rect x="-30" y="-42" width="60" height="84" rx="12" ${white} fill-opacity="0.93"/><text y="18" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${sym.length > 1 ? 30 : 46}" fill="${ink}">${sym}</text></g>`,
        )
        .join('');
    }
  }
}

export function gameTileSvg(game: GameInfo | undefined, id: string): string {
  const name = game?.gameName ?? `Game ${id}`;
  const [c1, c2] = at(PALETTE, hash(`${game?.vendor ?? ''}:${name}`));
  const lines = wrap(name, 16, 2);
  const textY = lines.length === 1 ? 254 : 238;
  const vendor = game?.vendor ?? 'LL';
  const badge = (x: number, text: string, fill: string) =>
    `<g transform="translate(${x} 16)"><rect width="${text.length * 11 + 18}" height="26" rx="13" fill="${fill}"/><text x="${(text.length * 11 + 18) / 2}" y="18" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="14" fill="#ffffff">${xmlEscape(text)}</text></g>`;
  const flags =
    (game?.isHot ? badge(300 - 16 - (3 * 11 + 18), 'HOT', '#e53935') : '') +
    (game?.isNew ? badge(300 - 16 - (3 * 11 + 18) - (game.isHot ? 62 : 0), 'NEW', '#00a152') : '');
  return doc(
    300,
    300,
    name,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
      `<radialGradient id="glow" cx="0.5" cy="0.38" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="shadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.65"/></linearGradient></defs>` +
      `<rect width="300" height="300" rx="24" fill="url(#g)"/>` +
      `<circle cx="150" cy="115" r="120" fill="url(#glow)"/>` +
      `<g fill="#ffffff" fill-opacity="0.12"><circle cx="30" cy="40" r="50"/><circle cx="280" cy="250" r="70"/></g>` +
      motif(game?.gameType ?? 'RNG', game?.gameClassify ?? '', hash(name)) +
      `<rect y="180" width="300" height="120" rx="24" fill="url(#shadow)"/>` +
      lines
        .map(
          (line, i) =>
            `<text x="150" y="${textY + i * 32}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="27" fill="#ffffff" stroke="#000000" stroke-opacity="0.25" stroke-width="1">${xmlEscape(line)}</text>`,
        )
        .join('') +
      badge(16, vendor, 'rgba(0,0,0,0.45)') +
      flags,
  );
}

/** The big picture on the right of a banner, by banner group. */
function centrepiece(group: string): string {
  switch (group) {
    case 'w_down':
      // A phone showing the lotus.
      return (
        `<g transform="translate(1450 240) rotate(-8)"><rect x="-120" y="-210" width="240" height="420" rx="36" fill="#0f172a"/>` +
        `<rect x="-106" y="-190" width="212" height="380" rx="24" fill="#ffffff"/><rect x="-40" y="-204" width="80" height="10" rx="5" fill="#334155"/>` +
        `<g transform="translate(0 40) scale(0.9)">${lotus('ph')}</g><rect x="-70" y="90" width="140" height="34" rx="17" fill="#ffb300"/></g>`
      );
    case 'w_shop':
    case 'w_promotion':
      // A gift box.
      return (
        `<g transform="translate(1450 270)"><rect x="-170" y="-60" width="340" height="200" rx="16" fill="#ffffff"/><rect x="-190" y="-120" width="380" height="80" rx="14" fill="#fde68a"/>` +
        `<rect x="-28" y="-120" width="56" height="260" fill="#e11d48"/><path d="M0 -120 C -60 -200 -150 -170 -100 -124 Z M0 -120 C 60 -200 150 -170 100 -124 Z" fill="#e11d48"/>` +
        `<rect x="-170" y="-40" width="340" height="14" fill="#000000" fill-opacity="0.06"/></g>`
      );
    case 'w_help':
      // A support headset.
      return (
        `<g transform="translate(1450 250)" fill="none" stroke="#ffffff" stroke-linecap="round"><path d="M-130 40 C -130 -170 130 -170 130 40" stroke-width="30"/>` +
        `<rect x="-170" y="10" width="80" height="130" rx="30" fill="#ffffff" stroke="none"/><rect x="90" y="10" width="80" height="130" rx="30" fill="#ffffff" stroke="none"/>` +
        `<path d="M130 120 C 130 190 60 200 10 200" stroke-width="14"/><circle cx="0" cy="200" r="18" fill="#38bdf8" stroke="none"/></g>`
      );
    default:
      return `<g transform="translate(1450 330) scale(2.1)">${lotus('bl')}</g>`;
  }
}

type Linkage = 'GAME' | 'PROMOTION' | 'URL' | 'NONE';
interface ArtworkWords {
  cta: Record<Linkage, string>;
  footer: string;
  tags: Record<string, string>;
}
const ENGLISH_WORDS: ArtworkWords = {
  cta: { GAME: 'PLAY NOW', PROMOTION: 'CLAIM NOW', URL: 'LEARN MORE', NONE: 'JOIN NOW' },
  footer: '18+ | Terms apply | Play responsibly',
  tags: {},
};
/**
 * The words drawn on banners and promotion cards besides the item's own texts, per content language
 * (no English headline or button baked into another language's artwork).
 */
export const ARTWORK_WORDS: Record<string, ArtworkWords> = {
  ur: {
    cta: { GAME: 'ابھی کھیلیں', PROMOTION: 'ابھی حاصل کریں', URL: 'مزید جانیں', NONE: 'ابھی شامل ہوں' },
    footer: '18+ | شرائط لاگو ہیں | ذمہ داری سے کھیلیں',
    tags: { new_player: 'نئے کھلاڑی', deposit: 'ڈپازٹ', rebate: 'ریبیٹ', vip: 'VIP', REFERRAL: 'ریفرل', raffle: 'لکی ڈرا' },
  },
  vi: {
    cta: { GAME: 'CHƠI NGAY', PROMOTION: 'NHẬN NGAY', URL: 'XEM THÊM', NONE: 'THAM GIA' },
    footer: '18+ | Áp dụng điều khoản | Chơi có trách nhiệm',
    tags: { new_player: 'NGƯỜI MỚI', deposit: 'NẠP TIỀN', rebate: 'HOÀN TRẢ', vip: 'VIP', REFERRAL: 'GIỚI THIỆU', raffle: 'RÚT THĂM' },
  },
  cn: {
    cta: { GAME: '立即游戏', PROMOTION: '立即领取', URL: '了解更多', NONE: '立即加入' },
    footer: '18+ | 适用条款 | 理性游戏',
    tags: { new_player: '新玩家', deposit: '存款', rebate: '返水', vip: 'VIP', REFERRAL: '推荐', raffle: '幸运抽奖' },
  },
};
const wordsFor = (lang: string | undefined): ArtworkWords => (lang && ARTWORK_WORDS[lang]) || ENGLISH_WORDS;

export function bannerSvg(banner: BannerInfo | undefined, brandName: string, id: string, lang?: string): string {
  const words = wordsFor(lang);
  const title = banner?.title ?? `${brandName}: Play. Win. Repeat.`;
  const subtitle = banner?.subtitle ?? 'Slots, live casino, sports and lottery in one place';
  const theme = GROUP_THEMES[banner?.groupName ?? ''] ?? at(Object.values(GROUP_THEMES), hash(id));
  const [c1, c2, accent] = theme;
  const cta = words.cta[banner?.linkageType ?? 'NONE'];
  const lines = wrap(title, 21, 2);
  const subtitleLine = wrap(subtitle, 62, 1)[0] ?? '';
  // Vertical layout of the text block, centred: tag, headline lines, subtitle, button.
  const blockHeight = 40 + 28 + lines.length * 84 + 56 + 40 + 64;
  const top = Math.round((480 - blockHeight) / 2);
  const headlineY = top + 40 + 28 + 64;
  const subtitleY = headlineY + (lines.length - 1) * 84 + 58;
  const ctaY = subtitleY + 36;
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * 30 * Math.PI) / 180;
    const x = (1450 + Math.cos(a) * 900).toFixed(0);
    const y = (240 + Math.sin(a) * 900).toFixed(0);
    const a2 = ((i * 30 + 10) * Math.PI) / 180;
    const x2 = (1450 + Math.cos(a2) * 900).toFixed(0);
    const y2 = (240 + Math.sin(a2) * 900).toFixed(0);
    return `<path d="M1450 240 L${x} ${y} L${x2} ${y2} Z"/>`;
  }).join('');
  return doc(
    1920,
    480,
    title,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="0.6" stop-color="${c2}"/><stop offset="1" stop-color="${shade(accent, -0.2)}"/></linearGradient>` +
      `<radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${accent}" stop-opacity="0.85"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="cta" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe082"/><stop offset="1" stop-color="#ffb300"/></linearGradient>` +
      `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.35"/><stop offset="0.55" stop-color="#000000" stop-opacity="0"/></linearGradient>${COIN_DEFS}</defs>` +
      `<rect width="1920" height="480" fill="url(#bg)"/>` +
      `<g fill="#ffffff" fill-opacity="0.06">${rays}</g>` +
      `<circle cx="1450" cy="240" r="330" fill="url(#halo)"/>` +
      `<rect width="1920" height="480" fill="url(#fade)"/>` +
      centrepiece(banner?.groupName ?? '') +
      coin(1230, 110, 44) +
      coin(1730, 110, 38) +
      coin(1760, 380, 54) +
      coin(1200, 390, 34) +
      `<g fill="#ffffff"><circle cx="1290" cy="70" r="4"/><circle cx="1640" cy="60" r="5"/><circle cx="1830" cy="250" r="4"/><circle cx="1110" cy="56" r="3"/></g>` +
      `<g transform="translate(160 ${top})"><rect width="${brandName.length * 15 + 40}" height="40" rx="20" fill="#ffffff" fill-opacity="0.18"/>` +
      `<text x="20" y="27" font-family="${FONT}" font-weight="700" font-size="20" letter-spacing="3" fill="#ffffff">${xmlEscape(brandName.toUpperCase())}</text></g>` +
      lines
        .map(
          (line, i) =>
            `<text x="160" y="${headlineY + i * 84}" ${textStyle(line, 'left')} font-weight="900" font-size="76" fill="#ffffff" stroke="#000000" stroke-opacity="0.15" stroke-width="2">${xmlEscape(line)}</text>`,
        )
        .join('') +
      `<text x="162" y="${subtitleY}" ${textStyle(subtitleLine, 'left')} font-weight="500" font-size="34" fill="#ffffff" fill-opacity="0.9">${xmlEscape(subtitleLine)}</text>` +
      `<g transform="translate(160 ${ctaY})"><rect width="250" height="64" rx="32" fill="url(#cta)"/><rect x="4" y="4" width="242" height="26" rx="13" fill="#ffffff" fill-opacity="0.35"/>` +
      `<text x="125" y="42" ${textStyle(cta, 'middle', 1)} font-weight="900" font-size="26" fill="#5d2e00">${xmlEscape(cta)}</text></g>` +
      `<text x="1890" y="460" ${textStyle(words.footer, 'right')} font-size="16" fill="#ffffff" fill-opacity="0.6">${xmlEscape(words.footer)}</text>`,
  );
}

export function promoSvg(promo: PromotionInfo | undefined, brandName: string, id: string, lang?: string): string {
  const title = promo?.title ?? `${brandName} Promotion`;
  const [c1, c2, englishTag] = PROMO_THEMES[promo?.category ?? ''] ?? ['#312e81', '#db2777', 'PROMOTION'];
  const tag = wordsFor(lang).tags[promo?.category ?? ''] ?? englishTag;
  const lines = wrap(title, 20, 3);
  const summary = wrap(promo?.summary ?? 'Exclusive rewards for Lucky Lotus players.', 46, 2);
  const top = 150 - (lines.length - 1) * 22;
  return doc(
    800,
    400,
    title,
    `<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
      `<radialGradient id="ph" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>${COIN_DEFS}</defs>` +
      `<rect width="800" height="400" rx="28" fill="url(#p)"/>` +
      `<circle cx="640" cy="200" r="190" fill="url(#ph)"/>` +
      `<g fill="#ffffff" fill-opacity="0.07"><circle cx="760" cy="30" r="110"/><circle cx="520" cy="420" r="90"/></g>` +
      `<g transform="translate(640 270) scale(1.15)">${lotus(`pr${hash(id) % 1000}`)}</g>` +
      coin(730, 80, 30) +
      coin(620, 56, 18) +
      coin(745, 335, 24) +
      `<g transform="translate(44 40)"><rect width="${tag.length * 12 + 32}" height="34" rx="17" fill="#ffffff"/><text x="${(tag.length * 12 + 32) / 2}" y="23" ${textStyle(tag, 'middle', 1)} font-weight="800" font-size="16" fill="${c1}">${xmlEscape(tag)}</text></g>` +
      lines
        .map(
          (line, i) =>
            `<text x="44" y="${top + i * 48}" ${textStyle(line, 'left')} font-weight="900" font-size="40" fill="#ffffff">${xmlEscape(line)}</text>`,
        )
        .join('') +
      summary
        .map(
          (line, i) =>
            `<text x="46" y="${top + (lines.length - 1) * 48 + 46 + i * 26}" ${textStyle(line, 'left')} font-size="19" fill="#ffffff" fill-opacity="0.88">${xmlEscape(line)}</text>`,
        )
        .join(''),
  );
}

export function logoSvg(brandName: string): string {
  const [first, ...rest] = brandName.split(' ');
  const second = rest.join(' ');
  return doc(
    360,
    96,
    `${brandName} logo`,
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e91e63"/><stop offset="1" stop-color="#ff9800"/></linearGradient></defs>` +
      `<g transform="translate(50 74) scale(0.52)">${lotus('lg')}</g>` +
      `<text x="104" y="62" font-family="${FONT}" font-weight="900" font-size="40" fill="#1a1a2e">${xmlEscape(first ?? '')}` +
      (second ? `<tspan fill="url(#w)"> ${xmlEscape(second)}</tspan>` : '') +
      `</text>` +
      `<text x="106" y="84" font-family="${FONT}" font-weight="600" font-size="11" letter-spacing="2.2" fill="#8a8fa3">CASINO · SPORTS · LOTTERY</text>`,
  );
}

/** A points-mall reward picture: a gift box on the reward's own gradient. */
export function rewardSvg(id: string): string {
  const [c1, c2] = at(PALETTE, hash(`reward${id}`));
  return doc(240, 240, `Reward ${id}`,
    `<defs><linearGradient id="r" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>` +
    `<rect width="240" height="240" rx="28" fill="url(#r)"/>` +
    `<g transform="translate(120 128)"><rect x="-60" y="-30" width="120" height="78" rx="8" fill="#fff" fill-opacity=".92"/><rect x="-68" y="-50" width="136" height="28" rx="6" fill="#fff"/><rect x="-9" y="-50" width="18" height="98" fill="${c1}"/><path d="M0 -50 C -20 -86 -58 -70 -30 -50 M0 -50 C 20 -86 58 -70 30 -50" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/></g>`);
}

export function avatarSvg(n: string): string {
  const [c1, c2] = at(PALETTE, hash(`avatar${n}`));
  return doc(
    128,
    128,
    `Avatar ${n}`,
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
      `<clipPath id="ac"><circle cx="64" cy="64" r="64"/></clipPath></defs>` +
      `<g clip-path="url(#ac)"><rect width="128" height="128" fill="url(#a)"/>` +
      `<circle cx="64" cy="52" r="24" fill="#ffffff" fill-opacity="0.92"/>` +
      `<path d="M18 128 C 18 92 40 82 64 82 C 88 82 110 92 110 128 Z" fill="#ffffff" fill-opacity="0.92"/></g>`,
  );
}

export function flagSvg(code: string, name: string | undefined): string {
  const upper = code.toUpperCase();
  const w = 72;
  const h = 48;
  let art: string;
  if (upper === 'PK') {
    art =
      `<rect width="${w}" height="${h}" fill="#01411c"/><rect width="18" height="${h}" fill="#ffffff"/>` +
      `<circle cx="45" cy="22" r="12" fill="#ffffff"/><circle cx="49" cy="19" r="10.5" fill="#01411c"/>` +
      `<path d="M53 13 l1.6 4.2 4.4 .2 -3.5 2.7 1.2 4.3 -3.7 -2.5 -3.7 2.5 1.2 -4.3 -3.5 -2.7 4.4 -.2 Z" fill="#ffffff"/>`;
  } else {
    const stripes = FLAG_STRIPES[upper] ?? [
      at(PALETTE, hash(upper))[0],
      '#ffffff',
      at(PALETTE, hash(upper))[1],
    ];
    const sh = h / stripes.length;
    art = stripes
      .map(
        (c, i) =>
          `<rect y="${(i * sh).toFixed(2)}" width="${w}" height="${(sh + 0.5).toFixed(2)}" fill="${c}"/>`,
      )
      .join('');
    if (upper === 'BD' || upper === 'JP')
      art += `<circle cx="${upper === 'BD' ? 32 : 36}" cy="24" r="11" fill="#bc002d"/>`;
  }
  return doc(
    w,
    h,
    name ? `${name} (${upper})` : upper,
    `<defs><clipPath id="f"><rect width="${w}" height="${h}" rx="8"/></clipPath></defs>` +
      `<g clip-path="url(#f)">${art}<rect y="${h - 18}" width="${w}" height="18" fill="#000000" fill-opacity="0.45"/></g>` +
      `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="8" fill="none" stroke="#000000" stroke-opacity="0.15"/>` +
      `<text x="${w / 2}" y="${h - 4.5}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="13" letter-spacing="1" fill="#ffffff">${xmlEscape(upper.slice(0, 4))}</text>`,
  );
}

export function paymentSvg(name: string): string {
  const key = name.toLowerCase();
  const frame = (inner: string, label: string) =>
    doc(
      120,
      48,
      label,
      `<rect x="0.5" y="0.5" width="119" height="47" rx="10" fill="#ffffff" stroke="#dfe3ea"/>${inner}`,
    );
  const text = (x: number, s: string, fill: string, size: number, extra = '') =>
    `<text x="${x}" y="31" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${size}" fill="${fill}" ${extra}>${xmlEscape(s)}</text>`;
  switch (key) {
    case 'visa':
      return frame(
        text(60, 'VISA', '#1a1f71', 26, 'font-style="italic" letter-spacing="1"') +
          '<rect x="34" y="36" width="52" height="3" rx="1.5" fill="#f7b600"/>',
        'Visa',
      );
    case 'mastercard':
      return frame(
        '<circle cx="48" cy="22" r="14" fill="#eb001b"/><circle cx="68" cy="22" r="14" fill="#f79e1b"/><path d="M58 11.6 a14 14 0 0 1 0 20.8 a14 14 0 0 1 0 -20.8 Z" fill="#ff5f00"/>' +
          `<text x="60" y="44" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="9" fill="#231f20">mastercard</text>`,
        'Mastercard',
      );
    case 'easypaisa':
      return frame(
        `<rect x="8" y="9" width="104" height="30" rx="15" fill="#3bb54a"/>${text(60, 'easypaisa', '#ffffff', 16)}`,
        'Easypaisa',
      );
    case 'jazzcash':
      return frame(
        `<text x="60" y="31" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="19"><tspan fill="#d71920">Jazz</tspan><tspan fill="#f7a800">Cash</tspan></text>`,
        'JazzCash',
      );
    case 'usdt':
      return frame(
        '<circle cx="32" cy="24" r="14" fill="#26a17b"/><path d="M25 17 h14 v4 h-5 v3 c4 .3 7 1.2 7 2.3 s-3 2 -7 2.3 v6 h-4 v-6 c-4 -.3 -7 -1.2 -7 -2.3 s3 -2 7 -2.3 v-3 h-5 Z" fill="#ffffff"/>' +
          text(76, 'USDT', '#26a17b', 19),
        'USDT',
      );
    case 'bank':
      return frame(
        '<g fill="#1e3a8a"><path d="M20 18 L34 10 L48 18 Z"/><rect x="22" y="20" width="4" height="12"/><rect x="32" y="20" width="4" height="12"/><rect x="42" y="20" width="4" height="12"/><rect x="19" y="33" width="30" height="4"/></g>' +
          text(80, 'BANK', '#1e3a8a', 17),
        'Bank transfer',
      );
    default:
      return frame(
        text(60, name.toUpperCase().slice(0, 10), '#334155', name.length > 7 ? 13 : 17),
        name,
      );
  }
}

export function errorImageSvg(): string {
  return doc(
    300,
    300,
    'Image unavailable',
    `<rect width="300" height="300" rx="24" fill="#eef1f5"/>` +
      `<g transform="translate(150 128)" fill="none" stroke="#a0a9b8" stroke-width="8" stroke-linejoin="round" stroke-linecap="round">` +
      `<rect x="-62" y="-46" width="124" height="92" rx="12"/><circle cx="-24" cy="-14" r="12"/><path d="M-54 36 L-14 0 L12 22 L30 6 L54 30"/><path d="M-70 56 L70 -56" stroke="#eef1f5" stroke-width="16"/><path d="M-70 56 L70 -56"/></g>` +
      `<text x="150" y="232" text-anchor="middle" font-family="${FONT}" font-weight="600" font-size="20" fill="#7a8494">Image unavailable</text>`,
  );
}

/** A QR code of `size` pixels with a white quiet zone of `margin` pixels. */
export async function qrSvg(text: string, size: number, margin: number): Promise<string> {
  const inner = await QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  const viewBox = /viewBox="([^"]+)"/.exec(inner)?.[1] ?? '0 0 1 1';
  const body = inner.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const box = size - 2 * margin;
  return doc(
    size,
    size,
    'QR code',
    `<rect width="${size}" height="${size}" fill="#ffffff"/>` +
      `<svg x="${margin}" y="${margin}" width="${box}" height="${box}" viewBox="${viewBox}" shape-rendering="crispEdges">${body}</svg>`,
  );
}

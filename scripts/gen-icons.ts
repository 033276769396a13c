/**
 * Draws the lite app's PNG icons (the web app manifest's 192 and 512 px icons, a maskable
 * 512 px one, and the 180 px Apple touch icon) into web/public/icons/. No image library and no
 * network: the lotus mark is drawn pixel by pixel (four-times supersampled) and encoded as PNG with
 * node:zlib. The files are committed; run this again only to change the drawing.
 *
 *   npx tsx scripts/gen-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = 'web/public/icons';

type Rgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG from a pixel function. */
function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** Inside an ellipse centred at (cx, cy), radii rx, ry, turned by `angle` radians. */
function inPetal(x: number, y: number, cx: number, cy: number, rx: number, ry: number, angle: number): boolean {
  const dx = x - cx;
  const dy = y - cy;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const u = dx * c + dy * s;
  const v = -dx * s + dy * c;
  return (u * u) / (rx * rx) + (v * v) / (ry * ry) <= 1;
}

/**
 * The brand mark in unit coordinates (0–1): five white lotus petals over a gold waterline, on the
 * brand's pink-to-orange gradient. `inset` shrinks the mark into the maskable safe zone.
 */
function mark(u: number, v: number, inset: number): Rgba {
  const t = (u + v) / 2;
  // --accent-gradient: #e91e63 → #ff5252 → #ff9800
  const bg: Rgba = t < 0.5 ? [mix(0xe9, 0xff, t * 2), mix(0x1e, 0x52, t * 2), mix(0x63, 0x52, t * 2), 255] : [0xff, mix(0x52, 0x98, (t - 0.5) * 2), mix(0x52, 0x00, (t - 0.5) * 2), 255];
  const s = 1 - inset * 2;
  const x = (u - inset) / s;
  const y = (v - inset) / s;
  const petals: [number, number, number, number, number][] = [
    [0.5, 0.42, 0.12, 0.26, 0],
    [0.36, 0.5, 0.1, 0.22, -0.55],
    [0.64, 0.5, 0.1, 0.22, 0.55],
    [0.25, 0.6, 0.08, 0.18, -1.1],
    [0.75, 0.6, 0.08, 0.18, 1.1],
  ];
  if (petals.some(([cx, cy, rx, ry, a]) => inPetal(x, y, cx, cy, rx, ry, a))) return [255, 255, 255, 255];
  if (y > 0.72 && y < 0.76 && x > 0.2 && x < 0.8) return [0xff, 0xd5, 0x4f, 255];
  return bg;
}

/** Four-times supersampling, with rounded corners unless the icon is maskable (full bleed). */
function icon(size: number, maskable: boolean): Buffer {
  const n = 4;
  const radius = maskable ? 0 : 0.18;
  return png(size, (px, py) => {
    const sum = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const u = (px + (i + 0.5) / n) / size;
        const v = (py + (j + 0.5) / n) / size;
        // Rounded square: outside the corner arcs is transparent.
        const cu = Math.min(u, 1 - u);
        const cv = Math.min(v, 1 - v);
        const outside = radius > 0 && cu < radius && cv < radius && (radius - cu) ** 2 + (radius - cv) ** 2 > radius ** 2;
        const [r, g, b, a] = outside ? ([0, 0, 0, 0] as Rgba) : mark(u, v, maskable ? 0.12 : 0.04);
        sum[0]! += r * a;
        sum[1]! += g * a;
        sum[2]! += b * a;
        sum[3]! += a;
      }
    }
    const alpha = sum[3]!;
    if (alpha === 0) return [0, 0, 0, 0];
    return [Math.round(sum[0]! / alpha), Math.round(sum[1]! / alpha), Math.round(sum[2]! / alpha), Math.round(alpha / (n * n))];
  });
}

mkdirSync(OUT, { recursive: true });
const files: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
];
for (const [name, size, maskable] of files) {
  writeFileSync(join(OUT, name), icon(size, maskable));
  console.log(`${OUT}/${name}`);
}

/**
 * Captcha challenges: a real SVG image of four digits, the answer kept server-side and bound to the
 * captcha cookie. An answer can be used once.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_LAST, CAPTCHAS } from './store/kernel-tables';
import type { RowOf } from './store/schema';
import { Record1, type Table, type WorldDb } from './store/table';

const TTL_MS = 5 * 60_000;

/** Challenges live in the world's `captchas` table, the newest one's answer in `captcha_last`. */
export class CaptchaStore {
  private readonly challenges: Table<RowOf<typeof CAPTCHAS>>;
  private readonly last: Record1<RowOf<typeof CAPTCHA_LAST>>;

  constructor(
    db: WorldDb,
    private readonly now: () => number,
  ) {
    this.challenges = db.table(CAPTCHAS);
    this.last = new Record1(db.table(CAPTCHA_LAST));
  }

  /** The answer of the newest challenge, for the QA control API. */
  get lastAnswer(): string | null {
    return this.last.get()?.answer ?? null;
  }

  get lastId(): string | null {
    return this.last.get()?.id ?? null;
  }

  issue(): { id: string; image: string } {
    const id = randomBytes(12).toString('hex');
    const answer = String(randomInt(0, 10_000)).padStart(4, '0');
    this.challenges.put(id, { answer, expiresAt: this.now() + TTL_MS });
    this.last.put({ id, answer });
    if (this.challenges.size > 10_000) this.challenges.delete(this.challenges.keys().next().value as string);
    return { id, image: `data:image/svg+xml;base64,${Buffer.from(renderSvg(answer)).toString('base64')}` };
  }

  answerOf(id: string): string | null {
    return this.challenges.get(id)?.answer ?? null;
  }

  /** Drop expired challenges (bounded memory, Sim.sweep). Returns how many. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [id, c] of [...this.challenges]) {
      if (c.expiresAt <= now) {
        this.challenges.delete(id);
        dropped++;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.challenges.size;
  }

  /** Checks and consumes the challenge; a wrong answer also consumes it (a new image must be fetched). */
  check(id: string | undefined, answer: string | undefined): boolean {
    if (!id || !answer) return false;
    const challenge = this.challenges.get(id);
    this.challenges.delete(id);
    return !!challenge && challenge.expiresAt > this.now() && challenge.answer === answer.trim();
  }
}

function renderSvg(text: string): string {
  const width = 120;
  const height = 44;
  const noise = Array.from({ length: 6 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, width), randomInt(0, height), randomInt(0, width), randomInt(0, height)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(0, 360)},60%,55%)" stroke-width="1.5"/>`;
  }).join('');
  const glyphs = [...text]
    .map((ch, i) => {
      const x = 16 + i * 26;
      const y = 31 + randomInt(-4, 5);
      const rotate = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" font-family="monospace" font-size="26" font-weight="700" fill="hsl(${randomInt(190, 260)},55%,30%)">${ch}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6f9"/>${noise}${glyphs}</svg>`;
}

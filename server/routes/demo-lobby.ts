/**
 * The sandbox's lottery lobby: what the demo page at `/__demo/game` shows for a
 * lobby launch (`POST /lgw/games/lobby/launch` with view lobby). It lists every lottery of the
 * launched area, grouped as the fixture groups them, each with its next draw number and a countdown
 * (timed lotteries) or its draw time (daily and longer); choosing one opens that lottery's betting
 * page in the same frame, through a ticket minted as a betting launch mints it
 * (`openFromLobby`). Its words follow the launch's `language` (EN, UR, VI, CN; Urdu right to left).
 */
import type { FastifyReply } from 'fastify';
import { countdown } from '../../openapi/countdown';
import { ApiError } from '../errors';
import {
  lobbyMenu,
  openFromLobby,
  ticketUrl,
  type LaunchTicket,
  type LobbyTicket,
} from '../sim/demo-play';
import type { Sim } from '../sim/state';
import {
  BASE_CSS,
  errorPage,
  escapeHtml,
  jsonForHtml,
  sendPage,
  type PageLanguage,
} from './demo-page';

const DAY_S = 86_400;

/** The lobby's words; `{numero}` and `{time}` are filled in (figures isolated left to right). */
export interface LobbyWords {
  page: PageLanguage;
  /** BCP 47 tag for dates and times. */
  locale: string;
  title: string;
  intro: string;
  balance: string;
  back: string;
  draw: string;
  closesIn: string;
  drawsAt: string;
  drawing: string;
  current: string;
  footer: string;
  notFoundTitle: string;
  notFoundText: string;
  unavailableTitle: string;
  unavailableText: string;
  ended: string;
}

const ENGLISH: LobbyWords = {
  page: { lang: 'en', dir: 'ltr' },
  locale: 'en',
  title: 'Lottery lobby',
  intro: 'Choose a lottery to place your bets.',
  balance: 'Balance',
  back: 'Back',
  draw: 'Draw {numero}',
  closesIn: 'Bets close in {time}',
  drawsAt: 'Draws {time}',
  drawing: 'Drawing…',
  current: 'Last chosen',
  footer: 'Sandbox lottery lobby · every lottery places real bets on this simulator’s wallet',
  notFoundTitle: 'Lottery not found',
  notFoundText: 'This lottery is not in the lobby. Go back to the lobby and choose another one.',
  unavailableTitle: 'This lottery cannot be opened',
  unavailableText: 'It is under maintenance or closed for now. Go back to the lobby and choose another one.',
  ended: 'This lobby session has ended. Open the lottery lobby again.',
};

/**
 * Per content language (the keys of `server/sim/localize.ts`); the wording follows the web app's
 * lottery catalogues (web/src/i18n/locales/<lng>/lottery.json: frame.lobby, card.draw…).
 */
export const LOBBY_WORDS: Record<string, LobbyWords> = {
  ur: {
    page: { lang: 'ur', dir: 'rtl' },
    locale: 'ur',
    title: 'لاٹری لابی',
    intro: 'شرط لگانے کے لیے لاٹری منتخب کریں۔',
    balance: 'بیلنس',
    back: 'واپس',
    draw: 'قرعہ {numero}',
    closesIn: 'شرطیں {time} میں بند',
    drawsAt: 'قرعہ {time}',
    drawing: 'قرعہ جاری ہے…',
    current: 'آخری انتخاب',
    footer: 'سینڈ باکس لاٹری لابی · ہر لاٹری اس سمیولیٹر کے والیٹ پر اصل شرطیں لگاتی ہے',
    notFoundTitle: 'لاٹری نہیں ملی',
    notFoundText: 'یہ لاٹری لابی میں نہیں ہے۔ لابی پر واپس جائیں اور کوئی دوسری منتخب کریں۔',
    unavailableTitle: 'یہ لاٹری ابھی نہیں کھل سکتی',
    unavailableText: 'یہ فی الحال مرمت کے لیے یا عارضی طور پر بند ہے۔ لابی پر واپس جائیں اور کوئی دوسری منتخب کریں۔',
    ended: 'لابی کا یہ سیشن ختم ہو گیا ہے۔ لاٹری لابی دوبارہ کھولیں۔',
  },
  vi: {
    page: { lang: 'vi', dir: 'ltr' },
    locale: 'vi',
    title: 'Sảnh xổ số',
    intro: 'Chọn một loại xổ số để đặt cược.',
    balance: 'Số dư',
    back: 'Quay lại',
    draw: 'Kỳ {numero}',
    closesIn: 'Đóng cược sau {time}',
    drawsAt: 'Quay lúc {time}',
    drawing: 'Đang quay…',
    current: 'Vừa chọn',
    footer: 'Sảnh xổ số sandbox · mỗi lượt cược đều là cược thật trên ví của trình mô phỏng',
    notFoundTitle: 'Không tìm thấy xổ số',
    notFoundText: 'Xổ số này không có trong sảnh. Hãy quay lại sảnh và chọn loại khác.',
    unavailableTitle: 'Không thể mở xổ số này',
    unavailableText: 'Xổ số này đang bảo trì hoặc tạm đóng. Hãy quay lại sảnh và chọn loại khác.',
    ended: 'Phiên sảnh này đã kết thúc. Hãy mở lại sảnh xổ số.',
  },
  cn: {
    page: { lang: 'zh-CN', dir: 'ltr' },
    locale: 'zh-CN',
    title: '彩票大厅',
    intro: '选择一个彩票开始投注。',
    balance: '余额',
    back: '返回',
    draw: '第 {numero} 期',
    closesIn: '{time} 后截止投注',
    drawsAt: '开奖时间 {time}',
    drawing: '开奖中…',
    current: '上次选择',
    footer: '沙盒彩票大厅 · 每个彩票都在模拟器钱包上真实投注',
    notFoundTitle: '未找到彩票',
    notFoundText: '大厅中没有这个彩票。请返回大厅选择其他彩票。',
    unavailableTitle: '暂时无法打开此彩票',
    unavailableText: '该彩票正在维护或暂时关闭。请返回大厅选择其他彩票。',
    ended: '此大厅会话已结束。请重新打开彩票大厅。',
  },
};

/** The words of a ticket's language; English when it has none or one without words. */
export const lobbyWords = (language: string | undefined): LobbyWords =>
  (language && LOBBY_WORDS[language]) || ENGLISH;

/** A template with its figure isolated: `Draw <bdi dir="ltr">20261125</bdi>`. */
function fill(template: string, key: string, value: string, dir = 'ltr'): string {
  const [before = '', after = ''] = template.split(`{${key}}`);
  return `${escapeHtml(before)}<bdi dir="${dir}">${escapeHtml(value)}</bdi>${escapeHtml(after)}`;
}

function lobbyPage(
  nonce: string,
  sim: Sim,
  t: LobbyTicket,
  balance: number,
  currency: string,
): string {
  const words = lobbyWords(t.language);
  const now = sim.now();
  const groups = lobbyMenu(sim, t.lobby, t.language);
  const games: { id: string; gameCode: string; nextNumero: string; nextDrawTime: number; timed: boolean }[] = [];
  const sections = groups
    .map((group, gi) => {
      const items = group.games
        .map((game) => {
          const id = `e${games.length}`;
          const timed = game.drawIntervalSeconds < DAY_S;
          games.push({ id, gameCode: game.gameCode, nextNumero: game.nextNumero, nextDrawTime: game.nextDrawTime, timed });
          const current = t.lobby.current === game.gameCode;
          const href = `${ticketUrl(t.ticket)}&gameCode=${encodeURIComponent(game.gameCode)}`;
          const left = countdown((game.nextDrawTime - now) / 1000);
          const when = timed
            ? `<span class="when" id="${id}-w" role="timer" aria-label="${escapeHtml(words.closesIn.replace('{time}', left))}">${fill('{time}', 'time', left)}</span>`
            : `<span class="when when--day" id="${id}-w">${fill(words.drawsAt, 'time', new Date(game.nextDrawTime).toISOString().slice(0, 16).replace('T', ' ') + ' UTC', 'auto')}</span>`;
          return `<li><a class="entry${current ? ' entry--current' : ''}" href="${escapeHtml(href)}" aria-labelledby="${id}-n" aria-describedby="${id}-d ${id}-w"${current ? ' aria-current="true"' : ''}>
<span class="name" id="${id}-n">${escapeHtml(game.gameName)}</span>${current ? `<span class="badge">${escapeHtml(words.current)}</span>` : ''}
<span class="draw" id="${id}-d">${fill(words.draw, 'numero', game.nextNumero)}</span>
${when}<span class="go" aria-hidden="true">›</span></a></li>`;
        })
        .join('\n');
      return `<section class="group" aria-labelledby="g${gi}"><h2 id="g${gi}" class="g${gi}">${escapeHtml(group.labelName)}</h2>
<ul class="grid">${items}</ul></section>`;
    })
    .join('\n');
  // The CSP lets no style attribute through: each group's colour is a rule of the page's style.
  const hues = groups
    .map((g, gi) => `.group .g${gi}::before{background:hsl(${hue(g.gameGroupCode)} 75% 60%);box-shadow:0 0 0 3px hsl(${hue(g.gameGroupCode)} 75% 60% / .25)}`)
    .join('');
  const cfg = {
    words: { draw: words.draw, closesIn: words.closesIn, drawsAt: words.drawsAt, drawing: words.drawing, ended: words.ended },
    locale: words.locale,
    now,
    drawsUrl: `/__demo/lobby/draws?ticket=${encodeURIComponent(t.ticket)}`,
    games,
  };
  const back = t.backUrl
    ? `<a class="back" href="${escapeHtml(t.backUrl)}" target="_top" rel="noopener"><span class="arrow" aria-hidden="true">←</span> ${escapeHtml(words.back)}</a>`
    : '';
  const money = `${currency}${balance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `<!doctype html><html lang="${words.page.lang}" dir="${words.page.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(words.title)} · Demo</title>
<style nonce="${nonce}">${BASE_CSS}${LOBBY_CSS}${hues}</style></head>
<body>
<header>${back}<h1>${escapeHtml(words.title)}</h1>
<span class="balance">${escapeHtml(words.balance)} <b><bdi dir="ltr">${escapeHtml(money)}</bdi></b></span></header>
<main>
<p class="intro">${escapeHtml(words.intro)}</p>
<p class="notice" id="notice" role="status" aria-live="polite"></p>
${sections}
</main>
<footer>${escapeHtml(words.footer)}</footer>
<script type="application/json" id="cfg">${jsonForHtml(cfg)}</script>
<script nonce="${nonce}">${LOBBY_SCRIPT}</script>
</body></html>`;
}

/** A stable hue per group code (the group's heading mark). */
function hue(code: string): number {
  let h = 7;
  for (const ch of code) h = (h * 37 + ch.charCodeAt(0)) % 360;
  return h;
}

const LOBBY_CSS = `
html{background:#0d0818}
html,body{height:auto;min-height:100%}
a{color:inherit}
header{display:flex;align-items:center;gap:12px;padding:12px 16px;background:rgba(0,0,0,.35);border-block-end:1px solid rgba(255,255,255,.08)}
header h1{font-size:1.05rem;margin:0;flex:1;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.back{color:#ffd166;text-decoration:none;font-weight:600;white-space:nowrap}
[dir="rtl"] .arrow,[dir="rtl"] .go{display:inline-block;transform:scaleX(-1)}
.balance{font-variant-numeric:tabular-nums;background:rgba(255,255,255,.08);padding:6px 12px;border-radius:10px;white-space:nowrap}
.balance b{color:#7ee787}
main{flex:1;width:100%;max-width:1120px;margin:0 auto;padding:8px 16px 16px}
.intro{margin:8px 0 4px;opacity:.8}
.notice:empty{display:none}.notice{color:#ffb4a2;font-weight:700}
.group h2{display:flex;align-items:center;gap:8px;font-size:.8rem;letter-spacing:.12em;text-transform:uppercase;color:#ffd166;margin:18px 0 10px}
.group h2::before{content:"";width:10px;height:10px;border-radius:50%;background:#ffd166}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:10px;grid-template-columns:repeat(auto-fill,minmax(min(100%,260px),1fr))}
.entry{position:relative;display:grid;grid-template-columns:1fr auto;gap:4px 10px;align-items:center;min-height:88px;padding:12px 14px;border-radius:14px;text-decoration:none;
background:linear-gradient(160deg,rgba(123,44,191,.45),rgba(42,20,70,.85));border:1px solid rgba(255,209,102,.22);box-shadow:0 6px 16px rgba(0,0,0,.3)}
.entry:hover{border-color:#ffd166}
.entry:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.entry--current{border-color:#ffd166;box-shadow:0 0 0 2px rgba(255,209,102,.45),0 6px 16px rgba(0,0,0,.3)}
.name{font-weight:800;font-size:1.02rem;grid-column:1}
.badge{grid-column:2;grid-row:1;font-size:.68rem;font-weight:700;padding:2px 8px;border-radius:999px;background:#ffd166;color:#2b1748;white-space:nowrap}
.draw{grid-column:1;font-size:.8rem;opacity:.8;font-variant-numeric:tabular-nums}
.when{grid-column:1;font-weight:800;color:#ffd166;font-variant-numeric:tabular-nums;font-size:1.15rem}
.when--day{font-size:.85rem;font-weight:700}
.go{grid-column:2;grid-row:2 / span 2;font-size:1.6rem;color:#ffd166;line-height:1}
footer{font-size:.7rem;text-align:center;opacity:.55;padding:8px}
@media (max-width:480px){header{padding:10px 12px;gap:8px}header h1{font-size:.95rem}.balance{padding:4px 8px;font-size:.85rem}main{padding:4px 12px 12px}}
`;

// Runs in the page: counts down to each lottery's next draw on the simulator's clock (the page's
// `now` against the browser's) and, when a draw closes, asks the server for the next draws.
const LOBBY_SCRIPT = `
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var words = cfg.words, games = cfg.games, skew = cfg.now - Date.now();
  var dates;
  try { dates = new Intl.DateTimeFormat(cfg.locale, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }); }
  catch (e) { dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }); }
  // openapi/countdown.ts, in the page's own script.
  function clock(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (m < 10 ? '0' : '') + m, ss = (r < 10 ? '0' : '') + r;
    return h > 0 ? h + ':' + mm + ':' + ss : mm + ':' + ss;
  }
  // The template's text around its one figure, the figure isolated (digits stay in order in Urdu).
  function put(el, template, key, value, dir) {
    var parts = template.split('{' + key + '}');
    el.textContent = '';
    el.appendChild(document.createTextNode(parts[0] || ''));
    var b = document.createElement('bdi'); b.setAttribute('dir', dir || 'ltr'); b.textContent = value; el.appendChild(b);
    el.appendChild(document.createTextNode(parts[1] || ''));
  }
  var busy = false, last = 0, stopped = false, timer;
  function refresh() {
    if (busy || stopped || Date.now() - last < 2000) return;
    busy = true; last = Date.now();
    fetch(cfg.drawsUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (env) {
        if (!env || !env.success) {
          if (env && env.errorCode === 'game.ticket.invalid') {
            stopped = true; clearInterval(timer);
            document.getElementById('notice').textContent = words.ended;
          }
          return;
        }
        skew = env.value.now - Date.now();
        env.value.games.forEach(function (n) {
          games.forEach(function (g) { if (g.gameCode === n.gameCode) { g.nextNumero = n.nextNumero; g.nextDrawTime = n.nextDrawTime; } });
        });
        render();
      })
      .catch(function () { /* offline for a moment: the next tick tries again */ })
      .then(function () { busy = false; });
  }
  function render() {
    var now = Date.now() + skew, due = false;
    games.forEach(function (g) {
      var d = document.getElementById(g.id + '-d'), w = document.getElementById(g.id + '-w');
      if (!d || !w) return;
      put(d, words.draw, 'numero', g.nextNumero);
      var left = Math.ceil((g.nextDrawTime - now) / 1000);
      if (left <= 0) due = true;
      if (!g.timed) { put(w, words.drawsAt, 'time', dates.format(new Date(g.nextDrawTime)), 'auto'); return; }
      if (left <= 0) { w.textContent = words.drawing; w.setAttribute('aria-label', words.drawing); return; }
      put(w, '{time}', 'time', clock(left));
      w.setAttribute('aria-label', words.closesIn.replace('{time}', clock(left)));
    });
    if (due) refresh();
  }
  render();
  timer = setInterval(render, 1000);
})();
`;

/** The page for an unknown, expired or logged-out ticket (what every demo page answers then). */
export function sendTicketEnded(reply: FastifyReply) {
  return sendPage(reply, 401, (nonce) =>
    errorPage(
      nonce,
      'Game session ended',
      'This game link is no longer valid. Close this window and launch the game again.',
    ),
  );
}

/** The lobby page of a live lobby ticket. */
export function sendLobby(reply: FastifyReply, sim: Sim, t: LobbyTicket, balance: number) {
  return sendPage(reply, 200, (nonce) =>
    lobbyPage(nonce, sim, t, balance, sim.world.brand.currencySymbol),
  );
}

/**
 * A lottery chosen in the lobby: 303 to its betting page; a lottery the lobby does not list, or one
 * under maintenance, gets an error page in the lobby's language with the way back, never a 500.
 */
export function sendLotteryFromLobby(
  reply: FastifyReply,
  sim: Sim,
  t: LaunchTicket,
  gameCode: unknown,
) {
  const words = lobbyWords(t.language);
  const toLobby = { href: ticketUrl(t.ticket), label: words.title };
  if (!t.lobby) {
    return sendPage(reply, 400, (nonce) =>
      errorPage(nonce, 'Not a lottery lobby', 'This game link does not open a lottery lobby.'),
    );
  }
  if (typeof gameCode !== 'string' || gameCode.trim() === '' || gameCode.length > 32) {
    return sendPage(reply, 400, (nonce) =>
      errorPage(nonce, words.notFoundTitle, words.notFoundText, toLobby, words.page),
    );
  }
  try {
    const url = openFromLobby(sim, t.ticket, gameCode);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 303);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.statusCode === 401) return sendTicketEnded(reply);
    const notFound = err.statusCode === 404;
    return sendPage(reply, err.statusCode, (nonce) =>
      errorPage(
        nonce,
        notFound ? words.notFoundTitle : words.unavailableTitle,
        notFound ? words.notFoundText : words.unavailableText,
        toLobby,
        words.page,
      ),
    );
  }
}

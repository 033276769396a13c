/**
 * The sandbox's stand-in for vendor game servers and the live-chat provider, outside the gateway
 * contract under `/__demo/`:
 * - `GET /__demo/game?ticket=…`: the page a launch address points to; a small slot, Dragon Tiger
 *   table or three-ball lottery (by game type) that places real bets with the launch ticket;
 * - `POST /__demo/bet`: one round, `{ ticket, amount, pick? }`, answered in the gateway's envelope;
 * - `GET /__demo/chat`: a live-chat-looking page for the customer-service popup.
 * The pages are self-contained (inline CSS and JS, no external assets) under a strict
 * Content-Security-Policy whose per-response nonce is what lets their inline script and style run.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { gateSystemStatus } from '../contract';
import {
  DEMO_MAX_BET,
  PICKS,
  placeDemoBet,
  lobbyDraws,
  resolveTicket,
  ticketUrl,
  type GameTicket,
} from '../sim/demo-play';
import { roundMoney } from '../../openapi/money';
import { lobbyWords, sendLobby, sendLotteryFromLobby, sendTicketEnded } from './demo-lobby';
import { BASE_CSS, escapeHtml, jsonForHtml, sendPage } from './demo-page';

const BetBodySchema = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 128 }),
    amount: Type.Number(),
    pick: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);
type BetBody = Static<typeof BetBodySchema>;

const STANDARD_STAKES = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Up to seven stakes from the game's minimum bet upwards. */
export function stakesFor(minBet: number): number[] {
  const min = Math.max(0.01, roundMoney(minBet));
  return [min, ...STANDARD_STAKES.filter((s) => s > min && s <= DEMO_MAX_BET)].slice(0, 7);
}

function gamePage(nonce: string, t: GameTicket, balance: number, currency: string): string {
  const game = t.game;
  const stakes = stakesFor(game.minBet);
  const cfg = {
    ticket: t.ticket,
    betUrl: '/__demo/bet',
    mode: game.mode,
    picks: PICKS[game.mode],
    amounts: stakes,
    defaultAmount: stakes.find((s) => s >= 1) ?? stakes[0] ?? game.minBet,
    balance,
    currency,
  };
  const modeLabel =
    game.mode === 'slot' ? 'Slot' : game.mode === 'table' ? 'Dragon Tiger' : 'Lucky Balls';
  const action = game.mode === 'slot' ? 'Spin' : game.mode === 'table' ? 'Deal' : 'Draw';
  // Opened from a lottery lobby: back to the lobby, in the same frame and the lobby's language.
  const lobby = t.fromLobby ? lobbyWords(t.language) : undefined;
  const back =
    t.fromLobby && lobby
      ? `<a class="back" href="${escapeHtml(ticketUrl(t.fromLobby))}" lang="${lobby.page.lang}" dir="${lobby.page.dir}">${lobby.page.dir === 'rtl' ? '&rarr;' : '&larr;'} ${escapeHtml(lobby.title)}</a>`
      : t.backUrl
        ? `<a class="back" href="${escapeHtml(t.backUrl)}" target="_top" rel="noopener">&larr; Back</a>`
        : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(game.gameName)} · Demo</title>
<style nonce="${nonce}">${BASE_CSS}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:12px 16px;background:rgba(0,0,0,.35);border-bottom:1px solid rgba(255,255,255,.08)}
header h1{font-size:1.05rem;margin:0;flex:1;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.vendor{font-size:.72rem;letter-spacing:.08em;text-transform:uppercase;padding:3px 8px;border-radius:999px;background:#ffd166;color:#2b1748;font-weight:700}
.back{color:#ffd166;text-decoration:none;font-weight:600;white-space:nowrap}
.back:focus-visible{outline:3px solid #ffd166;outline-offset:2px}
.balance{font-variant-numeric:tabular-nums;background:rgba(255,255,255,.08);padding:6px 12px;border-radius:10px}
.balance b{color:#7ee787}
main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:18px;padding:16px}
.stage{width:min(520px,100%);padding:20px;border-radius:22px;background:linear-gradient(160deg,#5b2a86,#2a1446);
box-shadow:0 18px 50px rgba(0,0,0,.55),inset 0 0 0 3px #ffd166,inset 0 0 0 7px #3a1c5c;text-align:center}
.mode{font-size:.75rem;letter-spacing:.2em;text-transform:uppercase;color:#ffd166;margin-bottom:12px}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:10px}
.reel{aspect-ratio:1/1.1;border-radius:14px;background:linear-gradient(#fffdf6,#efe6cf);display:flex;align-items:center;justify-content:center;
box-shadow:inset 0 6px 12px rgba(0,0,0,.25)}
.reel svg{width:70%;height:70%}
.spinning .reel svg{animation:blur .12s linear infinite}
@keyframes blur{0%{transform:translateY(-18%);opacity:.4}100%{transform:translateY(18%);opacity:.9}}
.table{display:flex;justify-content:center;gap:28px}
.seat{display:flex;flex-direction:column;align-items:center;gap:8px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;font-size:.8rem}
.card{width:92px;height:128px;border-radius:12px;background:#fff;color:#1b1030;display:flex;flex-direction:column;align-items:center;justify-content:center;
font-size:2.1rem;font-weight:800;box-shadow:0 8px 18px rgba(0,0,0,.35)}
.card.red{color:#d62839}.card.back{background:repeating-linear-gradient(45deg,#7b2cbf 0 8px,#5a189a 8px 16px);color:transparent}
.card small{font-size:1.6rem}
.balls{display:flex;justify-content:center;gap:14px}
.ball{width:76px;height:76px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:2rem;font-weight:800;color:#1b1030;
background:radial-gradient(circle at 30% 30%,#fff,#ffd166 45%,#f08c00);box-shadow:0 8px 16px rgba(0,0,0,.4)}
.spinning .ball,.spinning .card{animation:pulse .3s ease-in-out infinite alternate}
@keyframes pulse{from{transform:scale(.94)}to{transform:scale(1.04)}}
.result{min-height:1.6em;margin-top:14px;font-weight:700;font-size:1.1rem}
.result.win{color:#7ee787}.result.lose{color:#ffb4a2}.result.error{color:#ff6b6b}
.controls{width:min(520px,100%);display:flex;flex-direction:column;gap:12px}
.row{display:flex;flex-wrap:wrap;gap:8px;justify-content:center}
.label{font-size:.75rem;text-transform:uppercase;letter-spacing:.12em;opacity:.7;text-align:center}
.chip,.pick{border:2px solid rgba(255,255,255,.25);background:rgba(255,255,255,.06);color:inherit;border-radius:999px;padding:8px 14px;font-weight:700;font-variant-numeric:tabular-nums}
.chip[aria-pressed="true"],.pick[aria-pressed="true"]{border-color:#ffd166;background:#ffd166;color:#2b1748}
.play{margin:4px auto 0;min-width:200px;padding:14px 28px;border:0;border-radius:999px;font-size:1.2rem;font-weight:800;letter-spacing:.06em;
color:#2b1748;background:linear-gradient(#ffe08a,#f4a300);box-shadow:0 6px 0 #b26b00,0 12px 24px rgba(0,0,0,.4)}
.play:active{transform:translateY(3px);box-shadow:0 3px 0 #b26b00}
.play:disabled{filter:grayscale(.6);cursor:progress}
.history{list-style:none;margin:0;padding:0;display:flex;gap:6px;justify-content:center;flex-wrap:wrap;font-size:.8rem}
.history li{padding:3px 8px;border-radius:8px;background:rgba(255,255,255,.08)}
.history li.win{background:rgba(126,231,135,.2)}
footer{font-size:.7rem;text-align:center;opacity:.55;padding:8px}
@media (max-width:480px){.back{flex-basis:100%}}
</style></head>
<body>
<header>${back}<h1>${escapeHtml(game.gameName)}</h1><span class="vendor">${escapeHtml(game.vendor)}</span>
<span class="balance" aria-live="polite">Balance <b id="balance"></b></span></header>
<main>
<section class="stage" id="stage" aria-label="${escapeHtml(modeLabel)}">
<div class="mode">${escapeHtml(modeLabel)}</div>
<div id="board"></div>
<div class="result" id="result" role="status" aria-live="polite">Choose a stake and press ${action}</div>
</section>
<section class="controls">
<div class="label" id="stake-label">Stake</div>
<div class="row" id="chips" role="group" aria-labelledby="stake-label"></div>
<div class="label" id="pick-label"${cfg.picks.length ? '' : ' hidden'}>Your pick</div>
<div class="row" id="picks" role="group" aria-labelledby="pick-label"></div>
<button class="play" id="play" type="button">${action}</button>
<ul class="history" id="history" aria-label="Last results"></ul>
</section>
</main>
<footer>Sandbox demo game · every round is a real bet on this simulator's wallet</footer>
<script type="application/json" id="cfg">${jsonForHtml(cfg)}</script>
<script nonce="${nonce}">${GAME_SCRIPT}</script>
</body></html>`;
}

// Runs in the page: renders the board, places bets with fetch, and tells the portal the new balance.
const GAME_SCRIPT = `
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('cfg').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var amount = cfg.defaultAmount, pick = cfg.picks[0] || null, busy = false, balance = cfg.balance;
  var fmt = function (n) { n = Number(n); return (n < 0 ? '-' : '') + cfg.currency + Math.abs(n).toFixed(2); };
  var SVG = {
    cherry: '<svg viewBox="0 0 64 64" aria-label="cherry"><path d="M32 8c-4 10-10 18-18 26M32 8c2 12 8 20 16 28" stroke="#2d6a4f" stroke-width="4" fill="none"/><circle cx="18" cy="42" r="12" fill="#d62839"/><circle cx="46" cy="44" r="12" fill="#b5172b"/><circle cx="14" cy="38" r="3" fill="#fff" opacity=".6"/></svg>',
    lemon: '<svg viewBox="0 0 64 64" aria-label="lemon"><ellipse cx="32" cy="34" rx="24" ry="18" fill="#ffd60a" stroke="#e0a800" stroke-width="3"/><circle cx="8" cy="34" r="4" fill="#ffd60a"/><circle cx="56" cy="34" r="4" fill="#ffd60a"/></svg>',
    bell: '<svg viewBox="0 0 64 64" aria-label="bell"><path d="M32 8c-12 0-18 10-18 22v10l-6 8h48l-6-8V30c0-12-6-22-18-22z" fill="#f4a300" stroke="#b26b00" stroke-width="3"/><circle cx="32" cy="54" r="6" fill="#b26b00"/></svg>',
    star: '<svg viewBox="0 0 64 64" aria-label="star"><polygon points="32,4 40,24 62,24 44,38 51,60 32,47 13,60 20,38 2,24 24,24" fill="#ffd166" stroke="#e09f00" stroke-width="3"/></svg>',
    diamond: '<svg viewBox="0 0 64 64" aria-label="diamond"><polygon points="14,10 50,10 62,26 32,60 2,26" fill="#4cc9f0" stroke="#1d7ea8" stroke-width="3"/><polygon points="14,10 24,26 32,10 40,26 50,10" fill="#a2e8fa"/></svg>',
    seven: '<svg viewBox="0 0 64 64" aria-label="seven"><text x="32" y="54" text-anchor="middle" font-size="58" font-weight="900" font-family="Georgia,serif" fill="#d62839" stroke="#7a0010" stroke-width="2">7</text></svg>'
  };
  var NAMES = Object.keys(SVG);
  var RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var SUITS = { S: '\\u2660', H: '\\u2665', D: '\\u2666', C: '\\u2663' };
  var board = $('board'), stage = $('stage'), result = $('result');

  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function setBalance(b) { balance = b; $('balance').textContent = fmt(b); }
  function cardEl(c) {
    var e = el('div', 'card' + (c ? ((c.suit === 'H' || c.suit === 'D') ? ' red' : '') : ' back'));
    if (c) { e.appendChild(el('span', '', RANKS[c.rank])); e.appendChild(el('small', '', SUITS[c.suit])); }
    return e;
  }
  function drawBoard(r) {
    board.textContent = '';
    if (cfg.mode === 'slot') {
      var reels = el('div', 'reels');
      var syms = r && r.symbols ? r.symbols : ['seven', 'seven', 'seven'];
      syms.forEach(function (s) { var d = el('div', 'reel'); d.innerHTML = SVG[s] || SVG.cherry; reels.appendChild(d); });
      board.appendChild(reels);
    } else if (cfg.mode === 'table') {
      var t = el('div', 'table');
      ['dragon', 'tiger'].forEach(function (side) {
        var seat = el('div', 'seat');
        seat.appendChild(cardEl(r && r.cards ? r.cards[side] : null));
        seat.appendChild(el('span', '', side));
        t.appendChild(seat);
      });
      board.appendChild(t);
    } else {
      var b = el('div', 'balls');
      (r && r.balls ? r.balls : ['?', '?', '?']).forEach(function (n) { b.appendChild(el('div', 'ball', String(n))); });
      board.appendChild(b);
    }
  }
  function shuffle() {
    if (cfg.mode !== 'slot') return;
    Array.prototype.forEach.call(board.querySelectorAll('.reel'), function (d) {
      d.innerHTML = SVG[NAMES[Math.floor(Math.random() * NAMES.length)]];
    });
  }
  function pressed(container, value) {
    Array.prototype.forEach.call(container.children, function (b) { b.setAttribute('aria-pressed', String(b.dataset.value === String(value))); });
  }
  cfg.amounts.forEach(function (a) {
    var b = el('button', 'chip', fmt(a)); b.type = 'button'; b.dataset.value = String(a);
    b.addEventListener('click', function () { amount = a; pressed($('chips'), a); });
    $('chips').appendChild(b);
  });
  pressed($('chips'), amount);
  cfg.picks.forEach(function (p) {
    var b = el('button', 'pick', p.charAt(0).toUpperCase() + p.slice(1)); b.type = 'button'; b.dataset.value = p;
    b.addEventListener('click', function () { pick = p; pressed($('picks'), p); });
    $('picks').appendChild(b);
  });
  if (pick) pressed($('picks'), pick);
  function addHistory(v) {
    var li = el('li', v.winAmount > 0 ? 'win' : '', (v.winAmount > 0 ? '+' : '') + fmt(v.winAmount - v.betAmount));
    var h = $('history'); h.insertBefore(li, h.firstChild);
    while (h.children.length > 8) h.removeChild(h.lastChild);
  }
  function tellPortal() {
    // The portal's header refreshes its balance on this message (same origin only).
    if (window.parent !== window) { try { window.parent.postMessage({ type: 'demo-game:balance', balance: balance }, location.origin); } catch (e) { /* cross-origin parent */ } }
  }
  function show(text, kind) { result.textContent = text; result.className = 'result' + (kind ? ' ' + kind : ''); }
  function wait(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function play() {
    if (busy) return;
    if (balance < amount) { show('Insufficient balance for this stake', 'error'); return; }
    busy = true; $('play').disabled = true; show('Good luck\\u2026');
    stage.classList.add('spinning');
    if (cfg.mode !== 'slot') drawBoard(null);
    var timer = setInterval(shuffle, 90);
    var body = { ticket: cfg.ticket, amount: amount };
    if (pick) body.pick = pick;
    Promise.all([
      fetch(cfg.betUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' })
        .then(function (res) { return res.json(); }),
      wait(700)
    ]).then(function (out) {
      var env = out[0];
      clearInterval(timer); stage.classList.remove('spinning');
      if (!env || !env.success) { drawBoard(null); show((env && env.message) || 'Unknown error', 'error'); return; }
      var v = env.value;
      drawBoard(v.result);
      setBalance(v.balance);
      addHistory(v);
      if (v.winAmount > 0) show(v.result.outcome === 'tie' ? 'Tie \\u2013 half your stake back: ' + fmt(v.winAmount) : 'You win ' + fmt(v.winAmount) + '!', 'win');
      else show('No win this time', 'lose');
      tellPortal();
    }).catch(function () {
      clearInterval(timer); stage.classList.remove('spinning');
      show('Network link abnormal, please try again', 'error');
    }).then(function () { busy = false; $('play').disabled = false; });
  }
  $('play').addEventListener('click', play);
  setBalance(balance);
  drawBoard(null);
})();
`;

// The message times are the bubble's text at 75% opacity: 6.9:1 in the agent's white bubble and
// 4.7:1 in the player's purple one, over WCAG AA's 4.5:1 (60% gave 4.2:1 and 3.5:1).
function chatPage(nonce: string, vip: boolean, brandName: string): string {
  const title = vip ? 'VIP Service' : 'Live Chat';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(brandName)} · ${title}</title>
<style nonce="${nonce}">${BASE_CSS}
body{background:#f3f4f8;color:#1f2330}
header{display:flex;align-items:center;gap:12px;padding:14px 16px;color:#fff;background:${vip ? 'linear-gradient(135deg,#3a1c5c,#b8860b)' : 'linear-gradient(135deg,#5b2a86,#7b2cbf)'}}
.avatar{width:40px;height:40px;border-radius:50%;background:#ffd166;color:#3a1c5c;display:flex;align-items:center;justify-content:center;font-weight:800}
header h1{font-size:1rem;margin:0}header p{margin:2px 0 0;font-size:.75rem;opacity:.85}
.dot{display:inline-block;width:8px;height:8px;border-radius:50%;background:#7ee787;margin-right:6px}
#log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px}
.msg{max-width:80%;padding:10px 14px;border-radius:16px;line-height:1.4;white-space:pre-wrap;word-wrap:break-word;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.agent{align-self:flex-start;background:#fff;border-bottom-left-radius:4px}
.me{align-self:flex-end;background:#7b2cbf;color:#fff;border-bottom-right-radius:4px}
.time{font-size:.65rem;opacity:.75;margin-top:4px}
.typing{align-self:flex-start;font-size:.8rem;color:#6b7080}
.quick{display:flex;gap:6px;flex-wrap:wrap;padding:0 16px 8px}
.quick button{border:1px solid #c9b6e4;background:#fff;color:#5b2a86;border-radius:999px;padding:6px 12px;font-size:.8rem}
form{display:flex;gap:8px;padding:12px;background:#fff;border-top:1px solid #e3e5ec}
input{flex:1;border:1px solid #cfd3dc;border-radius:999px;padding:10px 14px;font:inherit}
input:focus{outline:2px solid #7b2cbf;border-color:transparent}
form button{border:0;border-radius:999px;padding:10px 18px;background:#7b2cbf;color:#fff;font-weight:700}
</style></head>
<body>
<header><div class="avatar" aria-hidden="true">${vip ? 'VIP' : 'CS'}</div>
<div><h1>${escapeHtml(brandName)} ${title}</h1><p><span class="dot" aria-hidden="true"></span>Agent Aisha is online · replies in about a minute</p></div></header>
<div id="log" role="log" aria-live="polite" aria-label="Conversation"></div>
<div class="quick" id="quick" aria-label="Common questions"></div>
<form id="form" autocomplete="off"><label class="sr-only" for="text">Message</label>
<input id="text" maxlength="500" placeholder="Type your message\u2026"><button type="submit">Send</button></form>
<script nonce="${nonce}">${CHAT_SCRIPT}</script>
</body></html>`;
}

// Runs in the chat page: canned answers to keywords, typed into the log as plain text.
const CHAT_SCRIPT = `
(function () {
  'use strict';
  var log = document.getElementById('log'), input = document.getElementById('text');
  var ANSWERS = [
    [/deposit/i, 'To deposit, open Deposit in the header, choose EasyPaisa, JazzCash, bank transfer or USDT, enter the amount and confirm. Deposits are credited at once.'],
    [/withdraw/i, 'Withdrawals need a payment password and a bound payout account. After you request one, please confirm when the money arrives; otherwise it is confirmed automatically after 30 minutes.'],
    [/bonus|promo|rebate/i, 'You can see every running promotion on the Promotions page. Rebates can be claimed any time from Rebate promo in your member centre.'],
    [/password/i, 'You can change your password in My account. If you forgot it, use Forgot password on the login window to reset it by email or SMS.'],
    [/point/i, 'Points are earned with every bet (1 point per 1 staked) and can be redeemed in the Points Mall or converted into wallet money.'],
    [/hello|hi|salam/i, 'Hello! How can I help you today?']
  ];
  function now() { var d = new Date(); return ('0' + d.getHours()).slice(-2) + ':' + ('0' + d.getMinutes()).slice(-2); }
  function add(text, who) {
    var m = document.createElement('div'); m.className = 'msg ' + who; m.textContent = text;
    var t = document.createElement('div'); t.className = 'time'; t.textContent = now(); m.appendChild(t);
    log.appendChild(m); log.scrollTop = log.scrollHeight;
  }
  function reply(text) {
    var typing = document.createElement('div'); typing.className = 'typing'; typing.textContent = 'Aisha is typing\\u2026';
    log.appendChild(typing); log.scrollTop = log.scrollHeight;
    var answer = 'Thanks for your message. An agent will look into it right away; you can also describe your question in more detail.';
    for (var i = 0; i < ANSWERS.length; i++) if (ANSWERS[i][0].test(text)) { answer = ANSWERS[i][1]; break; }
    setTimeout(function () { typing.remove(); add(answer, 'agent'); }, 900);
  }
  function send(text) { text = text.trim(); if (!text) return; add(text, 'me'); reply(text); }
  document.getElementById('form').addEventListener('submit', function (e) { e.preventDefault(); send(input.value); input.value = ''; input.focus(); });
  ['How do I deposit?', 'Withdrawal status', 'Bonus and rebate', 'Points mall'].forEach(function (q) {
    var b = document.createElement('button'); b.type = 'button'; b.textContent = q;
    b.addEventListener('click', function () { send(q); });
    document.getElementById('quick').appendChild(b);
  });
  add('Welcome! I am Aisha from customer service. How can I help you today?', 'agent');
})();
`;

/** Demo game and live-chat pages of the sandbox (Fastify plugin, registered by app.ts). */
export async function demoGameRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { ticket?: unknown; gameCode?: unknown } }>(
    '/__demo/game',
    async (request, reply) => {
      const sim = request.sim;
      const { ticket, gameCode } = request.query;
      const live = resolveTicket(sim, typeof ticket === 'string' ? ticket : undefined);
      if (!live) return sendTicketEnded(reply);
      // A lottery chosen in a lobby: its betting page, through a ticket of its own.
      if (gameCode !== undefined) return sendLotteryFromLobby(reply, sim, live.ticket, gameCode);
      const balance = sim.ledger.balance(live.account.account);
      if (live.ticket.lobby) return sendLobby(reply, sim, live.ticket, balance);
      return sendPage(reply, 200, (nonce) =>
        gamePage(nonce, live.ticket as GameTicket, balance, sim.world.brand.currencySymbol),
      );
    },
  );

  // The next draws of a lobby's lotteries: its countdowns follow them when a draw closes.
  app.get<{ Querystring: { ticket?: unknown } }>('/__demo/lobby/draws', async (request, reply) => {
    const { ticket } = request.query;
    reply.header('cache-control', 'no-store');
    return { success: true, value: lobbyDraws(request.sim, typeof ticket === 'string' ? ticket : undefined) };
  });

  app.post<{ Body: BetBody }>(
    '/__demo/bet',
    { schema: { body: BetBodySchema } },
    async (request) => {
      const sim = request.sim;
      gateSystemStatus(sim, 'demoBet');
      const value = placeDemoBet(sim, request.body.ticket, request.body.amount, request.body.pick);
      return { success: true, value };
    },
  );

  app.get<{ Querystring: { vip?: string } }>('/__demo/chat', async (request, reply) => {
    const vip = request.query.vip === '1' || request.query.vip === 'true';
    return sendPage(reply, 200, (nonce) => chatPage(nonce, vip, request.sim.world.brand.brandName));
  });
}

/**
 * Promotions, the reward centre and missions. Each player has their own
 * activity state per promotion, starting from the fixture's state; the time window of a promotion
 * overrides it (not started: 'coming soon', ended: 'close').
 */
import type { Static } from '@sinclair/typebox';
import type { PromotionFixture } from '../../openapi/fixtures';
import type { ActivityStatus, PromotionSchema } from '../../openapi/promotions';
import { forbidden, notFound, refused } from '../errors';
import { localize, withLang } from './localize';
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Account, Sim } from './state';

type Status = Static<typeof ActivityStatus>;
export type Promotion = Static<typeof PromotionSchema>;


/** Categories whose join is an application staff review ('applying') rather than instant ('joined'). */
export const REVIEWED_CATEGORIES: ReadonlySet<string> = new Set(['deposit', 'vip']);
/** Raffle prize when the fixture names none ("50 x $20 bonus" of the monthly draw). */
export const DEFAULT_RAFFLE_PRIZE = 20;
/** States of a promotion the reward centre does not list: the player has not taken part. */
const NOT_TAKEN: ReadonlySet<Status> = new Set<Status>(['join', 'coming soon', 'close']);
/** Missions that no longer count for the badge. */
const MISSION_DONE: ReadonlySet<Status> = new Set<Status>([
  'claimed',
  'close',
  'coming soon',
  'rejected',
  'issued',
]);
export const LEADERBOARD_SIZE = 10;

/** The promotions module's slice of the world schema (server/sim/store). */
export const PROMOTION_PROGRESS = defineTable({
  name: 'promotion_progress',
  owner: 'promotions',
  key: 'account:promotion id',
  doc: "A player's state in one promotion (joined, applying, claimed…) and the comment sent with the application.",
  accountField: 'account',
  row: Type.Object({ account: Type.String(), promotionId: Type.Integer(), status: Type.String(), comment: Type.Optional(Type.String()) }),
  rules: { nonNegative: ['promotionId'] },
});

const progressKey = (account: string, id: number) => `${account}:${id}`;

const fixtures = (sim: Sim) => sim.world.promotions.filter((p) => p.enabled);

function find(sim: Sim, id: number): PromotionFixture {
  const promo = fixtures(sim).find((p) => p.id === id);
  if (!promo) throw notFound(`No promotion ${id}`);
  return promo;
}

/** States that belong to the promotion itself (the brand's), not to one player's progress. */
const BRAND_STATES: ReadonlySet<Status> = new Set<Status>(['join', 'close', 'coming soon']);

/**
 * Where a player starts. The fixture's state is the seed players' progress (members.json: the demo
 * shows a reward centre with something in it); an account made at run time (registered, a guest, an
 * agent's new member) has taken part in nothing yet, so it starts at 'join' unless the promotion
 * itself is closed or coming: a new player never sees another's progress.
 */
function startingStatus(sim: Sim, promo: PromotionFixture, account: string | null): Status {
  if (BRAND_STATES.has(promo.status) || account === null) return promo.status;
  return sim.world.members.some((m) => m.account === account) ? promo.status : 'join';
}

/** The state of a promotion as `account` (or a visitor, when null) sees it now. */
export function statusOf(sim: Sim, promo: PromotionFixture, account: string | null): Status {
  const now = sim.now();
  if (now < promo.startTime) return 'coming soon';
  if (now > promo.endTime) return 'close';
  return (account && (sim.db.table(PROMOTION_PROGRESS).get(progressKey(account, promo.id))?.status as Status | undefined)) || startingStatus(sim, promo, account);
}

function setStatus(sim: Sim, account: string, id: number, status: Status): void {
  const table = sim.db.table(PROMOTION_PROGRESS);
  const key = progressKey(account, id);
  const row = table.update(key);
  if (row) row.status = status;
  else table.put(key, { account, promotionId: id, status });
}

function view(sim: Sim, p: PromotionFixture, account: string | null, language?: string): Promotion {
  const text = localize(p, language);
  return {
    id: p.id,
    category: p.category,
    title: text.title,
    summary: text.summary,
    content: text.content,
    // The card artwork carries the title: drawn in the same language (server/assets.ts).
    image: withLang(p.image, language),
    startTime: p.startTime,
    endTime: p.endTime,
    status: statusOf(sim, p, account),
  };
}

/**
 * The caller's account when a public call carries a valid token: the list then shows that player's
 * states. Public operations skip the session lookup, so it is done here.
 */
export function optionalAccount(
  sim: Sim,
  authorization: string | string[] | undefined,
): Account | null {
  const session = sim.sessions.get(typeof authorization === 'string' ? authorization : undefined);
  return (session && sim.accounts.get(session.account)) ?? null;
}

export function list(sim: Sim, account: Account | null, category?: string, language?: string): Promotion[] {
  return fixtures(sim)
    .filter((p) => !category || p.category === category)
    .map((p) => view(sim, p, account?.account ?? null, language));
}

export function detail(sim: Sim, account: Account | null, id: number, language?: string): Promotion {
  return view(sim, find(sim, id), account?.account ?? null, language);
}

/** Available promos by type; REFERRAL is enabled exactly when the invite module (INVITE3) is on. */
export function available(sim: Sim): { type: string; enabled: boolean }[] {
  const open = (category: string) =>
    fixtures(sim).some(
      (p) =>
        p.category.toLowerCase() === category &&
        statusOf(sim, p, null) !== 'close' &&
        statusOf(sim, p, null) !== 'coming soon',
    );
  return [
    { type: 'REFERRAL', enabled: sim.flag('INVITE3') },
    { type: 'MISSION', enabled: sim.flag('MISSION3') },
    { type: 'VIPLEVEL', enabled: sim.flag('VIPLEVEL3') },
    { type: 'POINTMALL', enabled: sim.flag('POINTMALL3') },
    { type: 'RAFFLE', enabled: open('raffle') },
  ];
}

/**
 * A player's activity states in a promotion. The reward centre's button calls this in two states: 'join' joins
 * ('joined', or 'applying' for categories staff review) and 'claim' applies for the bonus
 * ('applying' until staff issue it). Raffle prizes are claimed with claimRaffle instead.
 */
export function join(sim: Sim, me: Account, body: { id: number; comment?: string }, language?: string): Promotion {
  const promo = find(sim, body.id);
  if (promo.category === 'REFERRAL' && !sim.flag('INVITE3')) {
    throw forbidden('operation-not-allowed', 'Invitations are not enabled');
  }
  const current = statusOf(sim, promo, me.account);
  if (current === 'joined' || current === 'applying') {
    throw refused('promotion.already.joined', 'You have already joined this promotion');
  }
  const raffle = promo.category.toLowerCase() === 'raffle';
  if (current !== 'join' && !(current === 'claim' && !raffle)) {
    throw refused('promotion.not.joinable', `This promotion cannot be joined (${current})`);
  }
  const reviewed = current === 'claim' || REVIEWED_CATEGORIES.has(promo.category);
  setStatus(sim, me.account, promo.id, reviewed ? 'applying' : 'joined');
  if (body.comment) {
    const row = sim.db.table(PROMOTION_PROGRESS).update(progressKey(me.account, promo.id));
    if (row) row.comment = body.comment;
  }
  return view(sim, promo, me.account, language);
}

/** A raffle prize is credited to the wallet once; the promotion then reads 'claimed'. */
export function claimRaffle(
  sim: Sim,
  me: Account,
  id: number,
): { prize: number; sumBalance: number } {
  const promo = find(sim, id);
  if (promo.category.toLowerCase() !== 'raffle')
    throw refused('promotion.not.raffle', 'This promotion is not a raffle');
  const current = statusOf(sim, promo, me.account);
  if (current === 'claimed')
    throw refused('promotion.already.claimed', 'The prize has already been claimed');
  if (current !== 'claim')
    throw refused('promotion.not.claimable', `Nothing to claim (${current})`);
  const prize = promo.prize ?? DEFAULT_RAFFLE_PRIZE;
  const tx = sim.ledger.post(me.account, 'bonus', prize, `Raffle prize: ${promo.title}`, sim.now());
  setStatus(sim, me.account, promo.id, 'claimed');
  return { prize, sumBalance: tx.balanceAfter };
}

/** The reward centre: the promotions the player takes part in, with their states. */
export function rewardCenter(sim: Sim, me: Account, language?: string): Promotion[] {
  return list(sim, me, undefined, language).filter((p) => !NOT_TAKEN.has(p.status));
}

const missions = (sim: Sim, language?: string) => sim.world.system.missions.map((m) => localize(m, language));

/** The badge of the mission menu item: open missions (0 hides it, also when MISSION3 is off). */
export function missionSummary(sim: Sim): { count: number; claimable: number } {
  if (!sim.flag('MISSION3')) return { count: 0, claimable: 0 };
  const all = missions(sim);
  return {
    count: all.filter((m) => !MISSION_DONE.has(m.status)).length,
    claimable: all.filter((m) => m.status === 'claim').length,
  };
}

/** Masked like the winners list: first two characters, ***, last two. */
function mask(name: string): string {
  return name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** Missions and a leaderboard of real accounts ranked by their total valid bet. */
export function missionLeaderboard(sim: Sim, language?: string) {
  if (!sim.flag('MISSION3')) throw forbidden('operation-not-allowed', 'Missions are not enabled');
  const scores = [...sim.accounts.values()]
    .filter((a) => !sim.isGuest(a))
    .map((a) => ({
      player: a.account,
      score: Math.floor(sim.ledger.betsOf(a.account).reduce((s, b) => s + b.validBet, 0)),
    }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.player.localeCompare(b.player))
    .slice(0, LEADERBOARD_SIZE);
  return {
    missions: missions(sim, language),
    leaderboard: scores.map((r, i) => ({ rank: i + 1, player: mask(r.player), score: r.score })),
  };
}

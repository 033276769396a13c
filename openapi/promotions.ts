/** Promotions area: promotions, available promos, raffle claim, reward centre and missions. */
import { Type } from '@sinclair/typebox';
import { REMARK_MAX_LENGTH } from './constants';
import { op } from './define';
import { Money, Timestamp } from './common';

export const ActivityStatus = Type.Union(
  [
    'join', 'claim', 'applying', 'close', 'rejected', 'issued', 'claimed', 'process', 'joined', 'coming soon',
  ].map((s) => Type.Literal(s)),
  {
    title: 'ActivityStatus',
    description:
      "A player's state in one promotion, as the promotion list and the reward centre show it; a promotion " +
      "not started yet is 'coming soon' and an ended one 'close', whatever the player did.",
  },
);

export const PromotionSchema = Type.Object(
  {
    id: Type.Integer(),
    category: Type.String({ examples: ['new_player'] }),
    title: Type.String(),
    summary: Type.String(),
    content: Type.String({ description: 'HTML; the client sanitises it.' }),
    image: Type.String(),
    startTime: Timestamp(),
    endTime: Timestamp(),
    status: ActivityStatus,
  },
  { title: 'Promotion' },
);

const Mission = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    target: Type.Integer(),
    progress: Type.Integer(),
    reward: Money(),
    status: ActivityStatus,
  },
  { title: 'Mission' },
);

export const promotionsOps = {
  getPromotions: op({
    operationId: 'getPromotions',
    method: 'GET',
    path: '/wps/promotion/list',
    area: 'promotions',
    summary: 'Promotions, optionally of one category (new_player on registration)',
    moduleId: 'PROMO3',
    access: 'public',
    inferred: true,
    query: Type.Object(
      { category: Type.Optional(Type.String({ maxLength: 32 })) },
      { examples: [{ category: 'new_player' }] },
    ),
    value: Type.Array(PromotionSchema),
  }),
  getPromotionDetail: op({
    operationId: 'getPromotionDetail',
    method: 'GET',
    path: '/wps/promotion/detail',
    area: 'promotions',
    summary: 'One promotion (promoDetail)',
    moduleId: 'PROMO3',
    access: 'public',
    inferred: true,
    query: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { examples: [{ id: 1 }] }),
    value: PromotionSchema,
  }),
  getAvailablePromos: op({
    operationId: 'getAvailablePromos',
    method: 'GET',
    path: '/wps/promotion/available',
    area: 'promotions',
    summary: 'Available promos by type (REFERRAL with enabled gates the referral entry)',
    moduleId: 'PROMO3',
    access: 'public',
    inferred: true,
    value: Type.Array(Type.Object({ type: Type.String({ examples: ['REFERRAL'] }), enabled: Type.Boolean() })),
  }),
  joinPromotion: op({
    operationId: 'joinPromotion',
    method: 'POST',
    path: '/wps/promotion/join',
    area: 'promotions',
    summary: 'Join or apply for a promotion (reward centre)',
    moduleId: 'PROMO3',
    access: 'member',
    inferred: true,
    body: Type.Object(
      { id: Type.Integer({ minimum: 1 }), comment: Type.Optional(Type.String({ maxLength: REMARK_MAX_LENGTH })) },
      { examples: [{ id: 2 }] },
    ),
    value: PromotionSchema,
  }),
  claimRaffle: op({
    operationId: 'claimRaffle',
    method: 'POST',
    path: '/wps/promotion/raffle/claim',
    area: 'promotions',
    summary: 'Claim a raffle promotion prize',
    moduleId: 'PROMO3',
    access: 'member',
    inferred: true,
    body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { examples: [{ id: 10 }] }),
    value: Type.Object({ prize: Money(), sumBalance: Money() }),
  }),
  getRewardCenter: op({
    operationId: 'getRewardCenter',
    method: 'GET',
    path: '/wps/promotion/rewards',
    area: 'promotions',
    summary: 'Reward centre: the player’s promotions and their states',
    moduleId: 'PROMO3',
    access: 'member',
    inferred: true,
    value: Type.Array(PromotionSchema),
  }),
  getMissionSummary: op({
    operationId: 'getMissionSummary',
    method: 'GET',
    path: '/wps/relay/MCSFE_missionSummary',
    area: 'promotions',
    summary: 'Mission count for the menu badge',
    moduleId: 'MISSION3',
    access: 'member',
    inferred: true,
    value: Type.Object({ count: Type.Integer({ minimum: 0 }), claimable: Type.Integer({ minimum: 0 }) }),
  }),
  getMissionLeaderboard: op({
    operationId: 'getMissionLeaderboard',
    method: 'GET',
    path: '/wps/relay/MCSFE_missionLeaderboard',
    area: 'promotions',
    summary: 'Missions and the leaderboard (missionLeaderboard)',
    moduleId: 'MISSION3',
    access: 'member',
    inferred: true,
    value: Type.Object({
      missions: Type.Array(Mission),
      leaderboard: Type.Array(Type.Object({ rank: Type.Integer(), player: Type.String(), score: Type.Integer() })),
    }),
  }),
} as const;

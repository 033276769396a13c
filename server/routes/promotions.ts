/**
 * Promotions routes: promotion lists (public; a token shows that player's states), joining, raffle
 * claims, the reward centre and missions. The logic lives in server/sim/promotions.ts.
 */
import type { FastifyInstance } from 'fastify';
import { promotionsOps } from '../../openapi/promotions';
import { registerArea } from '../contract';
import * as promotions from '../sim/promotions';

/** Promotions routes plugin. */
export async function promotionsRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, promotionsOps, {
    getPromotions: ({ sim, query, request }) =>
      promotions.list(
        sim,
        promotions.optionalAccount(sim, request.headers.authorization),
        query.category,
      ),
    getPromotionDetail: ({ sim, query, request }) =>
      promotions.detail(
        sim,
        promotions.optionalAccount(sim, request.headers.authorization),
        query.id,
      ),
    getAvailablePromos: ({ sim }) => promotions.available(sim),
    joinPromotion: ({ sim, me, body }) => promotions.join(sim, me(), body),
    claimRaffle: ({ sim, me, body }) => promotions.claimRaffle(sim, me(), body.id),
    getRewardCenter: ({ sim, me }) => promotions.rewardCenter(sim, me()),
    getMissionSummary: ({ sim }) => promotions.missionSummary(sim),
    getMissionLeaderboard: ({ sim }) => promotions.missionLeaderboard(sim),
  });
}

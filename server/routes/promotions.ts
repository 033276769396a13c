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
    getPromotions: ({ sim, query, request, language }) =>
      promotions.list(
        sim,
        promotions.optionalAccount(sim, request.headers.authorization),
        query.category,
        language,
      ),
    getPromotionDetail: ({ sim, query, request, language }) =>
      promotions.detail(
        sim,
        promotions.optionalAccount(sim, request.headers.authorization),
        query.id,
        language,
      ),
    getAvailablePromos: ({ sim }) => promotions.available(sim),
    joinPromotion: ({ sim, me, body, language }) => promotions.join(sim, me(), body, language),
    claimRaffle: ({ sim, me, body }) => promotions.claimRaffle(sim, me(), body.id),
    getRewardCenter: ({ sim, me, language }) => promotions.rewardCenter(sim, me(), language),
    getMissionSummary: ({ sim }) => promotions.missionSummary(sim),
    getMissionLeaderboard: ({ sim, language }) => promotions.missionLeaderboard(sim, language),
  });
}

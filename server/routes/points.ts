/** Points routes: points mall balance, rewards, redemption (encrypted, password checked), conversion. */
import type { FastifyInstance } from 'fastify';
import { pointsOps } from '../../openapi/points';
import { registerArea } from '../contract';
import * as points from '../sim/points';

/** Points routes plugin: redemptions are reviewed on the simulator clock. */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, pointsOps, {
    getPointsBalance: ({ sim, me }) => points.pointsBalance(sim, me()),

    getPointsConfig: () => points.pointsConfig(),

    getPointsRewards: ({ sim }) => points.rewards(sim),

    redeemPoints: ({ sim, me, body }) => points.redeem(sim, me(), body),

    getRedeemList: ({ sim, me, query }) => points.redeemList(sim, me(), query),

    getPointsTransactions: ({ sim, me, query }) => points.pointsTransactions(sim, me(), query),

    convertPoints: ({ sim, me, body }) =>
      points.convertPoints(sim, me(), body.points, body.password),
  });
}

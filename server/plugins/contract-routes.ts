/**
 * The contract's operations as routes (server/contract.ts registers each: its schemas, access rule,
 * status gate and encrypted body), the local images and the demo game's pages.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { assetRoutes } from '../assets';
import { agentRoutes } from '../routes/agent';
import { demoGameRoutes } from '../routes/demo-game';
import { gamesRoutes } from '../routes/games';
import { lotteryRoutes } from '../routes/lottery';
import { memberRoutes } from '../routes/member';
import { messagesRoutes } from '../routes/messages';
import { pointsRoutes } from '../routes/points';
import { promotionsRoutes } from '../routes/promotions';
import { sessionRoutes } from '../routes/session';
import { systemRoutes } from '../routes/system';
import { verificationRoutes } from '../routes/verification';
import { walletRoutes } from '../routes/wallet';

const plugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('simSession', null);
  app.decorateRequest('simAccount', null);
  // Images follow the live world, so a scenario's brand name shows on its logo and banners.
  await app.register(assetRoutes, {
    source: (request) => {
      const w = request.sim.world;
      return { brandName: w.brand.brandName, vendors: w.vendors, games: w.games, banners: w.banners, promotions: w.promotions, countries: w.countries };
    },
  });
  for (const routes of [
    sessionRoutes,
    verificationRoutes,
    systemRoutes,
    memberRoutes,
    walletRoutes,
    gamesRoutes,
    lotteryRoutes,
    pointsRoutes,
    promotionsRoutes,
    messagesRoutes,
    agentRoutes,
    demoGameRoutes,
  ]) {
    await app.register(routes);
  }
};

export const contractRoutes = fp(plugin, {
  fastify: '5.x',
  name: 'contract-routes',
  dependencies: ['contract-validation', 'error-envelope', 'http-semantics', 'world-selection', 'clock'],
  decorators: { request: ['sim', 'worldName'] },
});

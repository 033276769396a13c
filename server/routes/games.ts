/** Games routes: menus, vendor lanes, lobby lists, hot/recent/favourites, launch, PVP rooms (spec 3, 7, 9). */
import type { FastifyInstance } from 'fastify';
import { gamesOps } from '../../openapi/games';
import { registerArea } from '../contract';
import { notSession } from '../errors';
import { launchGame, launchPvp } from '../sim/demo-play';
import * as games from '../sim/games';

/** Games routes plugin: the catalogue is the fixture world; favourites and recents are per account. */
export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, gamesOps, {
    getGameMenus: ({ sim }) => games.gameMenus(sim),

    getVendors: ({ sim }) => ({ data: { lanes: games.vendorLanes(sim) } }),

    getGameTypes: ({ sim, query }) => games.gameTypes(sim, query.vassalage),

    getHotGames: ({ sim, query }) => games.hotGames(sim, query),

    getGameList: ({ sim, query }) => games.gameList(sim, query),

    getRecentGames: ({ sim, me, query }) => games.recentGames(sim, me(), query.vassalage),

    getFavourites: ({ sim, me, query }) => games.favourites(sim, me(), query),

    getFavouriteIds: ({ me }) => [...me().favourites],

    addFavourite: ({ sim, me, body }) =>
      games.addFavourite(sim, me(), body.nodeId, body.vendor, body.gameType),

    removeFavourite: ({ sim, me, body }) =>
      games.removeFavourite(sim, me(), body.nodeId, body.vendor, body.gameType),

    launchGame: ({ sim, session, body }) => {
      if (!session) throw notSession();
      return { game_url: launchGame(sim, session, body.gameId, body.nodeId) };
    },

    getPvpRooms: ({ sim, query }) => games.pvpRooms(sim, query.gameId),

    launchPvp: ({ sim, session, body }) => {
      if (!session) throw notSession();
      return { content: launchPvp(sim, session, body.gameId, body.roomId) };
    },

    getSuggestedGames: ({ sim, query }) => games.suggestedGames(sim, query.gameId),
  });
}

/** Games routes: menus, vendor lanes, lobby lists, hot/recent/favourites, launch, PVP rooms. */
import type { FastifyInstance } from 'fastify';
import { gamesOps } from '../../openapi/games';
import { registerArea, type SerializedReply } from '../contract';
import { notSession } from '../errors';
import { launchGame, launchPvp } from '../sim/demo-play';
import * as games from '../sim/games';

// The lobby lists answer from the world alone (fixed between scenario loads) and the query: each
// serialised reply is kept per world and query, so a lobby scrolling through its pages, or many
// players opening it, costs a lookup (docs/benchmarks.md, game list).
const listReplies = new WeakMap<object, Map<string, SerializedReply>>();
const LIST_REPLY_LIMIT = 1000;

function keptReply(world: object, key: string, build: () => SerializedReply): SerializedReply {
  let byKey = listReplies.get(world);
  if (!byKey) {
    byKey = new Map();
    listReplies.set(world, byKey);
  }
  let reply = byKey.get(key);
  if (!reply) {
    reply = build();
    // Bounded: odd queries (every name searched) must not grow it without end.
    if (byKey.size >= LIST_REPLY_LIMIT) byKey.clear();
    byKey.set(key, reply);
  }
  return reply;
}

/** Games routes plugin: the catalogue is the fixture world; favourites and recents are per account. */
export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, gamesOps, {
    getGameMenus: ({ sim }) => games.gameMenus(sim),

    getVendors: ({ sim }) => ({ data: { lanes: games.vendorLanes(sim) } }),

    getGameTypes: ({ sim, query }) => games.gameTypes(sim, query.vassalage),

    getHotGames: ({ sim, query, serialize }) =>
      keptReply(sim.world, `hot ${JSON.stringify(query)}`, () => serialize(games.hotGames(sim, query))),

    getGameList: ({ sim, query, serialize }) =>
      keptReply(sim.world, `list ${JSON.stringify(query)}`, () => serialize(games.gameList(sim, query))),

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

/**
 * Aliases over the generated contract types (no hand-written API types in web/).
 * Field names stay as the wire sends them.
 */
import type { paths } from '../schema';

type Json<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B extends { value: infer V }
    ? V
    : never
  : never;

type QueryOf<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type BodyOf<P extends keyof paths> = paths[P]['post'] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type GameListValue = Json<'/wps/relay/GCSGAME_gameList', 'get'>;
/** One game tile (the contract's Game). */
export type Game = GameListValue['list'][number];
export type GameListQuery = QueryOf<'/wps/relay/GCSGAME_gameList'>;

export type VendorLanes = Json<'/wps/relay/GCSGAME_vendorList', 'get'>;
export type Lane = VendorLanes['data']['lanes'][number];
/** A vendor card of a lane (isHot 1 marks hot vendors; isGame VASSALAGE opens the vendor popup). */
export type VendorCard = Lane['cards'][number];

export type GameMenus = Json<'/lgw/games/game_menus', 'get'>;
export type GameTypes = Json<'/wps/relay/GCSGAME_gameType', 'get'>;
export type GameType = GameTypes[number];
export type Favourites = Json<'/wps/relay/MCSFE_favouriteList', 'get'>;
export type FavouriteBody = BodyOf<'/wps/relay/MCSFE_addFavourite'>;
export type LaunchGameBody = BodyOf<'/wps/game/launchGame'>;
export type LaunchGameValue = Json<'/wps/game/launchGame', 'post'>;
export type PvpRoom = Json<'/wps/relay/GLS2_roomList', 'get'>[number];
export type LaunchPvpBody = BodyOf<'/wps/relay/GLS2_launchRoom'>;

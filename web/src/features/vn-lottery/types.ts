/** Aliases over the generated Vietnamese lottery contract types. */
import type { paths } from '../../api/schema';

type Value<P extends keyof paths> = paths[P]['get'] extends {
  responses: { 200: { content: { 'application/json': { value: infer V } } } };
}
  ? V
  : never;

/** One opened draw: gameCode, numero, openTime, result. */
export type Numero = Value<'/lotto/lgw/games/opened/numero'>;
export type VnMenu = Value<'/lgw/vn/games/game_menu'>;
export type VnGroup = VnMenu['gameMenus'][number];
export type VnGame = VnGroup['games'][number];

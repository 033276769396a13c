/** Aliases over the generated lottery contract types. */
import type { paths } from '../../api/schema';

type Value<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { value: infer V } } } };
}
  ? V
  : never;

export type LotteryMenu = Value<'/lgw/vn/games/game_menu', 'get'>;
export type LotteryGroup = LotteryMenu['gameMenus'][number];
export type LotteryGame = LotteryGroup['games'][number];

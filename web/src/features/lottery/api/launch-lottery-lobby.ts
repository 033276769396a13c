import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { DEVICE, LOTTERY_AREA, LOTTERY_MODE } from '../constants';
import { apiLanguage } from './params';
import { recentLotteryMenuOptions } from './get-recent-lottery-menu';

export interface LaunchLobbyInput {
  view: 'betting' | 'lobby';
  gameCode?: string;
  playType?: string;
  language: string;
}

/**
 * Lobby launch: lotto area VN, mode LOTT, gameCode, view (betting or lobby),
 * device, backUrl, language. Answers the address shown in the page's iframe. A launched lottery
 * joins the recent menu, so that menu is refetched.
 */
export function useLaunchLotteryLobby() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ view, gameCode, playType, language }: LaunchLobbyInput) => {
      const value = await unwrap(
        client.POST('/lgw/games/lobby/launch', {
          body: {
            area: LOTTERY_AREA,
            mode: LOTTERY_MODE,
            view,
            device: DEVICE,
            backUrl: window.location.href,
            language: apiLanguage(language),
            ...(gameCode ? { gameCode } : {}),
            ...(playType ? { playType } : {}),
          },
        }),
      );
      return value.url;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentLotteryMenuOptions().queryKey.slice(0, 3) }),
  });
}

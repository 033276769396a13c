import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import {
  CLIENT_TYPE,
  LAUNCH_ACCOUNT_TYPE,
  LAUNCH_CONFIRM_TRANS,
  LAUNCH_MODE,
  PLATFORM_HTML5_DESKTOP,
} from '../../config/games';
import { recentGamesKey } from './get-recent-games';
import { apiLanguage, merchantCode } from './params';

export interface LaunchGameInput {
  gameId: number;
  nodeId?: number;
  vassalage?: string;
  username?: string;
  language: string;
}

/**
 * Launch address V2: gameId, nodeId, accountType 1, confirmTrans 0, vassalage,
 * launchMode GLS, platform html5-desktop, clientType 3, username, merchantCode, language; the token
 * travels in the Authorization header. Answers the address to open (game_url, else game_url2).
 */
export async function launchGame({ gameId, nodeId, vassalage, username, language }: LaunchGameInput): Promise<string> {
  const value = await unwrap(
    client.POST('/wps/game/launchGame', {
      body: {
        gameId,
        ...(nodeId ? { nodeId } : {}),
        ...(vassalage ? { vassalage } : {}),
        ...(username ? { username } : {}),
        accountType: LAUNCH_ACCOUNT_TYPE,
        confirmTrans: LAUNCH_CONFIRM_TRANS,
        launchMode: LAUNCH_MODE,
        platform: PLATFORM_HTML5_DESKTOP,
        clientType: CLIENT_TYPE,
        merchantCode: merchantCode(),
        language: apiLanguage(language),
      },
    }),
  );
  return value.game_url || value.game_url2 || '';
}

/** The launch as a mutation; a launched game joins the recent list, so that list is refetched. */
export function useLaunchGame(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: launchGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentGamesKey(token) }),
  });
}

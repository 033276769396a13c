import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import { recentGamesKey } from './get-recent-games';
import { apiLanguage } from './params';

export interface LaunchPvpInput {
  gameId: number;
  roomId: number;
  language: string;
}

/** PVP launch: value.content is the address to open. */
export async function launchPvp({ gameId, roomId, language }: LaunchPvpInput): Promise<string> {
  const value = await unwrap(
    client.POST('/wps/relay/GLS2_launchRoom', { body: { gameId, roomId, language: apiLanguage(language) } }),
  );
  return value.content;
}

export function useLaunchPvp(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: launchPvp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentGamesKey(token) }),
  });
}

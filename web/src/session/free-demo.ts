/**
 * The free demo (FREEPLAY3): a trial account (isAgent 4) from POST /wps/session/login/freeplay (os,
 * platform W and an encrypted random string, gateway version 3). The header offers it from tablet
 * width up, the login sheet on phones; both start it here.
 */
import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../api/client';
import { describeError } from '../ui/error-state';
import { toast } from '../ui/toast';
import { useAuth } from './auth';

function osName(): string {
  const ua = navigator.userAgent;
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS X/i.test(ua)) return 'MacOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/iPhone|iPad/i.test(ua)) return 'iOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Other';
}

function useFreePlay() {
  return useMutation({
    mutationFn: async () => {
      // The cipher is only needed here: load it on demand, not with the first page.
      const { desEncrypt, randomKeyString } = await import('../../../openapi/wire-crypto');
      return unwrap(
        client.POST('/wps/session/login/freeplay', {
          // X-Gateway-Version 3 is set by the client middleware for this call.
          body: { os: osName(), platform: 'W', value: desEncrypt(randomKeyString(), randomKeyString()) },
        }),
      );
    },
  });
}

/**
 * Start the free demo: the trial session starts and `startedMessage` shows, then `onStarted` runs;
 * a failure says why in a toast.
 */
export function useFreeDemo() {
  const auth = useAuth();
  const demo = useFreePlay();
  const start = (startedMessage: string, onStarted?: () => void) => {
    demo.mutate(undefined, {
      onSuccess: (result) => {
        auth.startSession(result.token, result.isAgent);
        toast.success(startedMessage);
        onStarted?.();
      },
      onError: (error) => toast.error(describeError(error)),
    });
  };
  return { start, pending: demo.isPending };
}

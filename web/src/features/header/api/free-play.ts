/** Free demo: os, platform W and an encrypted random string, gateway version 3. */
import { useMutation } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

function osName(): string {
  const ua = navigator.userAgent;
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS X/i.test(ua)) return 'MacOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/iPhone|iPad/i.test(ua)) return 'iOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Other';
}

export function useFreePlay() {
  return useMutation({
    mutationFn: async () => {
      // The cipher is only needed here: load it on demand, not with the first page.
      const { desEncrypt, randomKeyString } = await import('../../../../../openapi/wire-crypto');
      return unwrap(
        client.POST('/wps/session/login/freeplay', {
          // X-Gateway-Version 3 is set by the client middleware for this call.
          body: { os: osName(), platform: 'W', value: desEncrypt(randomKeyString(), randomKeyString()) },
        }),
      );
    },
  });
}

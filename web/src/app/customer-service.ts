/**
 * Customer service (spec sections 6 and 7): the link comes from permission (or the customer-service
 * call) with its last 8 characters the DES key for the rest; members with club rank above 4 get
 * the VIP channel; it opens in a 440x750 popup. The popup is opened first, synchronously with the
 * click, so blockers allow it; a failure afterwards closes it (spec section 8).
 */
import { client, unwrap } from '../api/client';
import { CS_POPUP_HEIGHT, CS_POPUP_WIDTH, VIP_SERVICE_MIN_RANK } from '../config/constants';
import { i18n } from '../i18n';
import { toast } from '../ui/toast';

const CACHE_KEY = 'csPath';

/** Keep the last known link so the maintenance and restriction pages can still reach support. */
export function rememberServicePath(path: string | undefined): void {
  if (!path) return;
  try {
    localStorage.setItem(CACHE_KEY, path);
  } catch {
    // Storage unavailable: the live call is the only source.
  }
}

function cachedServicePath(): string | undefined {
  try {
    return localStorage.getItem(CACHE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

async function servicePath(path: string | undefined): Promise<string> {
  if (path) return path;
  const cached = cachedServicePath();
  if (cached) return cached;
  const value = await unwrap(client.GET('/wps/system/customerService'));
  const item = value.version.pathList.find((p) => p.type === 3);
  if (!item) throw new Error('no customer-service path');
  return item.path;
}

export async function openCustomerService(options: { path?: string; rankLevel?: number } = {}): Promise<void> {
  const left = Math.max(0, window.screenX + window.outerWidth - CS_POPUP_WIDTH - 40);
  const popup = window.open('', 'customer-service', `width=${CS_POPUP_WIDTH},height=${CS_POPUP_HEIGHT},left=${left},top=60`);
  if (!popup) {
    toast.error(i18n.t('errors:popup_blocked'));
    return;
  }
  try {
    const { decodeServicePath } = await import('../../../openapi/wire-crypto');
    let url = decodeServicePath(await servicePath(options.path));
    if (!/^(https?:\/\/|\/(?!\/))/i.test(url)) {
      popup.close();
      toast.error(i18n.t('errors:invalid_url'));
      return;
    }
    if ((options.rankLevel ?? 0) >= VIP_SERVICE_MIN_RANK) url += `${url.includes('?') ? '&' : '?'}vip=1`;
    popup.location.href = url;
  } catch {
    popup.close();
    toast.error(i18n.t('errors:unknown'));
  }
}

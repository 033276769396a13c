/**
 * Customer service: the link comes from getCustomerService (the pathList
 * item of type 3, whose last 8 characters are the DES key for the rest, decoded by
 * decodeServicePath); members with club rank above 4 get the VIP channel; it opens in a 440x750
 * popup. The popup is opened first, synchronously with the click, so blockers allow it ('Popup
 * blocked, allow and retry' otherwise); any failure afterwards closes it.
 *
 * When the call itself fails (the maintenance and restriction pages, a flaky network), the path the
 * caller already holds (permission or system status) and then the last known one are used.
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

async function servicePath(fallback: string | undefined): Promise<string> {
  try {
    const value = await unwrap(client.GET('/wps/system/customerService'));
    const item = value.version.pathList.find((p) => p.type === 3);
    if (item?.path) {
      rememberServicePath(item.path);
      return item.path;
    }
  } catch {
    // Fall back below.
  }
  const known = fallback ?? cachedServicePath();
  if (!known) throw new Error('no customer-service path');
  return known;
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

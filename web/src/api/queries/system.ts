/**
 * System-area queries: status and permission (the main bootstrap, behind the route guard and the
 * root render"), banners per route group, announcements, help centre, menu settings, domains.
 */
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import type { ModuleNode, Permission } from '../types';
import {
  ANNOUNCEMENT_EXECUTION,
  ANNOUNCEMENT_PAGE_SIZE,
  ANNOUNCEMENT_PLATFORM,
  ANNOUNCEMENT_TYPES,
} from '../../config/constants';

export const systemStatusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: () => unwrap(client.GET('/wps/system/status')),
  staleTime: 60_000,
});

export const permissionQuery = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: () => unwrap(client.GET('/wps/system/permission', { params: { query: { host: location.hostname || 'localhost' } } })),
  staleTime: 5 * 60_000,
});

/** Permission is loaded before the app mounts, so inside the app it is always there. */
export function usePermission(): Permission {
  return useSuspenseQuery(permissionQuery).data;
}

function findNode(nodes: readonly ModuleNode[], modId: string): ModuleNode[] | null {
  for (const node of nodes) {
    if (node.modId === modId) return [node];
    const below = findNode(node.childrenNodes, modId);
    if (below) return [node, ...below];
  }
  return null;
}

/** A whitelabel flag is on when its node and every ancestor are enabled. */
export function isFlagOn(permission: Pick<Permission, 'whitelabel'> | undefined, modId: string): boolean {
  if (!permission) return false;
  const path = findNode(permission.whitelabel, modId);
  return !!path && path.every((n) => n.enabled);
}

/** Whether a whitelabel module flag (DIRECTREG3, FREEPLAY3, CBS3, ...) is on. */
export function useFlag(modId: string): boolean {
  return isFlagOn(usePermission(), modId);
}

export const bannersQuery = (groupName: string) =>
  queryOptions({
    queryKey: ['system', 'banners', groupName],
    queryFn: () => unwrap(client.GET('/wps/system/banners', { params: { query: { groupName } } })),
    staleTime: 5 * 60_000,
  });

export function useBanners(groupName: string | null) {
  return useQuery({ ...bannersQuery(groupName ?? ''), enabled: !!groupName });
}

export const announcementsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['system', 'announcements', pageNo],
    queryFn: () =>
      unwrap(
        client.GET('/wps/system/announcement', {
          params: {
            query: {
              types: ANNOUNCEMENT_TYPES,
              platform: ANNOUNCEMENT_PLATFORM,
              execution: ANNOUNCEMENT_EXECUTION,
              pageNo,
              pageSize: ANNOUNCEMENT_PAGE_SIZE,
            },
          },
        }),
      ),
    staleTime: 60_000,
  });

export const helpCenterQuery = queryOptions({
  queryKey: ['system', 'helpCenter'],
  queryFn: () => unwrap(client.GET('/wps/system/helpCenter')),
  staleTime: 10 * 60_000,
});

export const menuSettingsQuery = queryOptions({
  queryKey: ['system', 'menuSettings'],
  queryFn: () => unwrap(client.GET('/wps/system/setting/menu')),
  staleTime: 10 * 60_000,
});

export const domainRoutesQuery = queryOptions({
  queryKey: ['system', 'domainRoutes'],
  queryFn: () => unwrap(client.GET('/wps/system/domainRoute')),
  staleTime: 0,
});

export const customerServiceQuery = queryOptions({
  queryKey: ['system', 'customerService'],
  queryFn: () => unwrap(client.GET('/wps/system/customerService')),
  staleTime: 10 * 60_000,
});

/** Available promos by type; REFERRAL with enabled gates the referral entry. */
export const availablePromosQuery = queryOptions({
  queryKey: ['system', 'availablePromos'],
  queryFn: () => unwrap(client.GET('/wps/promotion/available')),
  staleTime: 5 * 60_000,
});

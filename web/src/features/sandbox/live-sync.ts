/**
 * Follow QA live (docs/decisions/017-live-following.md): one Server-Sent Events stream from the simulator
 * (`GET /__sim/events`) says when this tab's world changed, whoever changed it (the CLI, the
 * control API, another tab). A status switch re-reads the system status, so the root shows or
 * leaves the maintenance and IP-restriction pages without a reload; a scenario switch (or a reset)
 * fetches all of the app's data again and says so; flags re-read the permission tree. Part of the
 * sandbox chunk, which only loads when the control API answers, so it never runs against the real
 * gateway.
 */
import type { QueryClient } from '@tanstack/react-query';
import { permissionQuery, systemStatusQuery } from '../../api/queries/system';
import type { ModuleNode } from '../../api/types';
import { i18n } from '../../i18n';
import { toast } from '../../ui/toast';
import { eventsUrl, type SimState } from './control-api';

/** The module flags as a permission tree has them (each node's own switch). */
function treeFlags(nodes: readonly ModuleNode[], into: Record<string, boolean> = {}): Record<string, boolean> {
  for (const node of nodes) {
    into[node.modId] = node.enabled;
    treeFlags(node.childrenNodes, into);
  }
  return into;
}

/**
 * What the page must fetch again so that it shows the world's state: judged against what the page
 * holds (its system status and permission tree, the last state it saw), not only against the
 * previous event, so a change made while the stream was still connecting is caught too.
 */
export function staleParts(
  next: SimState,
  held: { state?: SimState; status?: { status: number }; permission?: { whitelabel: readonly ModuleNode[] } },
): { scenario: boolean; status: boolean; flags: boolean } {
  const flags = held.permission ? treeFlags(held.permission.whitelabel) : undefined;
  return {
    scenario: !!held.state && held.state.world === next.world && held.state.scenario.name !== next.scenario.name,
    status: !!held.status && held.status.status !== next.status,
    flags: !!flags && Object.entries(next.flags).some(([modId, on]) => modId in flags && flags[modId] !== on),
  };
}

/**
 * Opens the world's event stream and keeps the page's data in step with it; returns the function
 * that closes it. Started by the app root as soon as the control API answers, outside the sandbox
 * bar's render, so it never waits for the page's own rendering (a bar still rendering its first
 * frame under a slow phone or a busy machine does not delay a status or flag switch).
 */
export function followLive(queryClient: QueryClient, onScenario: (name: string) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(eventsUrl());
  const onState = (event: MessageEvent<string>) => {
    let next: SimState;
    try {
      next = JSON.parse(event.data) as SimState;
    } catch {
      return;
    }
    const changed = staleParts(next, {
      state: queryClient.getQueryData<SimState>(['sandbox', 'state']),
      status: queryClient.getQueryData(systemStatusQuery.queryKey),
      permission: queryClient.getQueryData(permissionQuery.queryKey),
    });
    queryClient.setQueryData(['sandbox', 'state'], next);
    if (changed.scenario) {
      // A new scenario is a new world of data (accounts and sessions included): everything again.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sandbox' });
      onScenario(next.scenario.name);
      return;
    }
    if (changed.status) void queryClient.invalidateQueries({ queryKey: systemStatusQuery.queryKey });
    if (changed.flags) {
      void queryClient.invalidateQueries({ queryKey: ['system'] });
      void queryClient.invalidateQueries({ queryKey: ['sandbox', 'flags'] });
    }
  };
  source.addEventListener('state', onState as EventListener);
  return () => source.close();
}

/** Follows this tab's world; a scenario switch is announced in a toast in the page's language. */
export function startLiveSync(queryClient: QueryClient): () => void {
  return followLive(queryClient, (name) => void i18n.loadNamespaces('sandbox').then(() => toast.info(i18n.t('sandbox:live_scenario', { name }))));
}

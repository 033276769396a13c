/**
 * Global UI state of the shell: which modals are open and how the bars are shown. Modals are
 * rendered once by `ModalHost`; anything may open one through `ui.open(name)`.
 */
import { createStore, useStore } from '../lib/store';
import { TABLET_QUERY, matchesMedia } from '../ui/use-media-query';

/** Every app-level modal; each is lazy-loaded by ModalHost when first opened. */
export type ModalName =
  | 'login'
  | 'register'
  /** Change the login password (features/auth): the security centre opens it. */
  | 'changePassword'
  | 'announcement'
  | 'help'
  | 'speedTest'
  | 'vip'
  | 'referral'
  | 'appDownload'
  | 'chat';

/** Member or agent centre: open with a page id, e.g. depositv2. */
export interface CentreState {
  kind: 'member' | 'agent';
  page: string;
}

export interface UiState {
  modals: Partial<Record<ModalName, boolean>>;
  centre: CentreState | null;
  /** Side menu mini mode (mini or expanded). */
  sideMini: boolean;
  /** On /seamless and /vnlottery the arrow toggles the top and left bars instead. */
  barsShown: boolean;
  /** Chat window state (toggles open/closed and large/small). */
  chatLarge: boolean;
}

// Tablets start with the mini side menu (ADR 014); phones use a drawer and ignore mini mode.
const initial: UiState = { modals: {}, centre: null, sideMini: matchesMedia(TABLET_QUERY), barsShown: false, chatLarge: false };

export const uiStore = createStore<UiState>(initial);

export const ui = {
  open(name: ModalName): void {
    uiStore.set((s) => ({ modals: { ...s.modals, [name]: true } }));
  },
  close(name: ModalName): void {
    uiStore.set((s) => ({ modals: { ...s.modals, [name]: false } }));
  },
  /** Replace one modal by another (the register modal's login link and back). */
  swap(from: ModalName, to: ModalName): void {
    uiStore.set((s) => ({ modals: { ...s.modals, [from]: false, [to]: true } }));
  },
  openCentre(kind: CentreState['kind'], page: string): void {
    uiStore.set({ centre: { kind, page } });
  },
  closeCentre(): void {
    uiStore.set({ centre: null });
  },
  toggleSideMini(): void {
    uiStore.set((s) => ({ sideMini: !s.sideMini }));
  },
  toggleBars(): void {
    uiStore.set((s) => ({ barsShown: !s.barsShown }));
  },
  /** Logout: login, agent and VIP states reset. */
  reset(): void {
    uiStore.set({ modals: {}, centre: null, chatLarge: false });
  },
};

export function useModalOpen(name: ModalName): boolean {
  return useStore(uiStore, (s) => s.modals[name] === true);
}

export function useUi<S>(selector: (state: UiState) => S): S {
  return useStore(uiStore, selector);
}

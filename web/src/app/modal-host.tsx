/**
 * App-level modals, each lazy-loaded the first time it opens so none of them weighs on the initial
 * JavaScript: login, register, announcements, help, speed test, VIP, referral, app download, chat
 * and the member/agent centre.
 */
import { Component, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { describeError } from '../ui/error-state';
import { toast } from '../ui/toast';
import { lazySection } from '../lib/lazy';
import { ui, useUi, type ModalName } from '../session/ui-store';

type ModalComponent = ComponentType<{ onClose: () => void }>;

const modals: Record<ModalName, LazyExoticComponent<ModalComponent>> = {
  login: lazySection(() => import('../features/auth/login-modal')),
  register: lazySection(() => import('../features/register/register-modal')),
  changePassword: lazySection(() => import('../features/auth/change-password-modal')),
  announcement: lazySection(() => import('../features/announcements/announcement-modal')),
  help: lazySection(() => import('../features/help/help-modal')),
  speedTest: lazySection(() => import('../features/speed-test/speed-test-modal')),
  vip: lazySection(() => import('../features/vip/vip-modal')),
  referral: lazySection(() => import('../features/referral/referral-modal')),
  appDownload: lazySection(() => import('../features/download/app-download-modal')),
  chat: lazySection(() => import('../features/chat/chat-window')),
};

// The member and agent centres are separate features (and chunks); the store's kind picks one.
const MemberCentre = lazySection(() => import('../features/member-centre/member-centre-modal'));
const AgentCentre = lazySection(() => import('../features/agent-centre/agent-centre-modal'));

/** A modal that fails (its chunk, its render) closes with a toast instead of taking the page down. */
class ModalBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    toast.error(describeError(error));
    this.props.onClose();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ModalHost() {
  const open = useUi((s) => s.modals);
  const centre = useUi((s) => s.centre);
  return (
    <Suspense fallback={null}>
      {(Object.keys(modals) as ModalName[]).map((name) => {
        if (!open[name]) return null;
        const Component = modals[name];
        const close = () => ui.close(name);
        return (
          <ModalBoundary key={name} onClose={close}>
            <Component onClose={close} />
          </ModalBoundary>
        );
      })}
      {centre ? (
        <ModalBoundary key={centre.kind} onClose={ui.closeCentre}>
          {centre.kind === 'agent' ? (
            <AgentCentre page={centre.page} onClose={ui.closeCentre} />
          ) : (
            <MemberCentre page={centre.page} onClose={ui.closeCentre} />
          )}
        </ModalBoundary>
      ) : null}
    </Suspense>
  );
}

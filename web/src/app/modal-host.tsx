/**
 * App-level modals, each lazy-loaded the first time it opens so none of them weighs on the initial
 * JavaScript: login, register, announcements, help, speed test, VIP, referral, app download, chat
 * and the member/agent centre. Each loads the catalogue namespaces it shows beside its chunk
 * (docs/decisions/033-initial-javascript.md; app/catalogue-namespaces.test.ts checks the lists).
 */
import { Component, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { describeError } from '../ui/error-state';
import { toast } from '../ui/toast';
import { withNamespaces } from '../i18n';
import { lazySection } from '../lib/lazy';
import { ui, useUi, type ModalName } from '../session/ui-store';

type ModalComponent = ComponentType<{ onClose: () => void }>;

const modals: Record<ModalName, LazyExoticComponent<ModalComponent>> = {
  login: lazySection(() => withNamespaces(import('../features/auth/login-modal'), ['auth'])),
  register: lazySection(() => withNamespaces(import('../features/register/register-modal'), ['auth', 'register'])),
  changePassword: lazySection(() => withNamespaces(import('../features/auth/change-password-modal'), ['auth'])),
  announcement: lazySection(() => withNamespaces(import('../features/announcements/announcement-modal'), ['announcements'])),
  help: lazySection(() => withNamespaces(import('../features/help/help-modal'), ['help'])),
  speedTest: lazySection(() => withNamespaces(import('../features/speed-test/speed-test-modal'), ['speedTest'])),
  vip: lazySection(() => withNamespaces(import('../features/vip/vip-modal'), ['vip'])),
  referral: lazySection(() => withNamespaces(import('../features/referral/referral-modal'), ['auth', 'referral'])),
  appDownload: lazySection(() => withNamespaces(import('../features/download/app-download-modal'), ['download'])),
  chat: lazySection(() => withNamespaces(import('../features/chat/chat-window'), ['chat'])),
};

// The member and agent centres are separate features (and chunks); the store's kind picks one.
const MemberCentre = lazySection(() => withNamespaces(import('../features/member-centre/member-centre-modal'), ['auth', 'memberCentre']));
const AgentCentre = lazySection(() => withNamespaces(import('../features/agent-centre/agent-centre-modal'), ['agentCentre', 'auth']));

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

/**
 * Who gets into a centre, the same for the member and the agent centre: a
 * visitor is asked to log in, a guest (isAgent 4) reads 'Please Register An Account First', a failed
 * member call offers a retry, and the frame waits for the member. It reads the session, so it lives
 * in app/ (shared code does not import app/).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../api/queries/member';
import type { Member } from '../../api/types';
import { CentreBlocked } from '../../ui/centre/centre-frame';
import { ErrorState } from '../../ui/error-state';
import type { IconName } from '../../ui/icons';
import { useAuth } from '../auth';

export function CentreGate({
  icon,
  loginLabel,
  skeleton,
  onClose,
  children,
}: {
  /** The centre's icon on its blocked panels. */
  icon: IconName;
  loginLabel: string;
  /** The frame's placeholder while the member loads. */
  skeleton: ReactNode;
  /** Closes the centre (before the login modal opens). */
  onClose: () => void;
  /** The centre for the loaded member. */
  children: (member: Member) => ReactNode;
}) {
  const { t } = useTranslation('errors');
  const auth = useAuth();
  const info = useQuery({ ...memberInfoQuery, enabled: !!auth.token && !auth.isGuest });

  if (!auth.token) {
    return (
      <CentreBlocked icon={icon} message={t('login.not.session')}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            onClose();
            auth.openLogin();
          }}
        >
          {loginLabel}
        </button>
      </CentreBlocked>
    );
  }
  if (auth.isGuest) return <CentreBlocked icon={icon} message={t('register_first')} />;
  if (info.isError && !info.data) {
    return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  }
  if (!info.data) return skeleton;
  return children(info.data);
}

/**
 * Balance chip: 'refreshing' placeholder until the first answer, a
 * currency symbol prefix (default $), hide/show and refresh. Refresh keeps the focus while the
 * balance refreshes (busy, not disabled, which would drop the focus to the page).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../api/queries/member';
import { usePermission } from '../../api/queries/system';
import { BusyButton } from '../../ui/busy-button';
import { formatMoney } from '../../ui/format';
import { Icon } from '../../ui/icons';

export function Balance() {
  const { t } = useTranslation('header');
  const permission = usePermission();
  const balance = useQuery(balanceQuery);
  const [hidden, setHidden] = useState(false);

  const text = hidden
    ? '******'
    : balance.data
      ? formatMoney(balance.data.sumBalance, permission.currencySymbol)
      : t('refreshing');

  return (
    <div className="balance" aria-label={t('balance')} role="group">
      <Icon name="wallet" size={18} className="balance__icon" />
      <output className="balance__amount" aria-live="polite" data-testid="balance-amount">
        {text}
      </output>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        aria-pressed={hidden}
        aria-label={hidden ? t('show_balance') : t('hide_balance')}
        title={hidden ? t('show_balance') : t('hide_balance')}
        onClick={() => setHidden((h) => !h)}
      >
        <Icon name={hidden ? 'eye-off' : 'eye'} size={16} />
      </button>
      <BusyButton
        className={`icon-btn icon-btn--sm${balance.isFetching ? ' is-spinning' : ''}`}
        aria-label={t('refresh_balance')}
        title={t('refresh_balance')}
        busy={balance.isFetching}
        onClick={() => void balance.refetch()}
      >
        <Icon name="refresh" size={16} />
      </BusyButton>
    </div>
  );
}

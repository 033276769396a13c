/**
 * My account (securityCenter): who the member is, their funds at a glance and the security state of
 * the account. The login password is changed in the account flow's modal (features/auth), opened
 * from here through the UI store.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { ui } from '../../../session/ui-store';
import { LabelChip } from '../../../ui/label-chip';
import { Badge, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { formatDate, formatNumber } from '../../../ui/format';
import { Skeleton } from '../../../ui/spinner';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';

/** Keep the first four and last three digits of a phone number visible. */
export function maskPhone(number: string): string {
  if (number.length <= 7) return number;
  return `${number.slice(0, 4)}${'•'.repeat(number.length - 7)}${number.slice(-3)}`;
}

export function SecurityCenterPage() {
  const { t } = useTranslation('memberCentre');
  const member = useQuery(memberInfoQuery).data;
  const funds = useConsolidatedFunds();
  const money = useMoney();
  if (!member) return null;

  const rows: { label: string; value: string; ltr?: boolean }[] = [
    { label: t('account.username'), value: member.account, ltr: true },
    { label: t('account.nickname'), value: member.nickname || '—' },
    { label: t('account.customer_id'), value: member.customerId, ltr: true },
    {
      label: t('account.mobile'),
      value: member.mobileNum
        ? `${member.countryDialingCode} ${maskPhone(member.mobileNum)}`.trim()
        : t('account.not_bound'),
      ltr: !!member.mobileNum,
    },
    {
      label: t('account.email'),
      value: member.email || t('account.not_bound'),
      ltr: !!member.email,
    },
    { label: t('account.affiliate_code'), value: member.affiliateCode || '—', ltr: true },
    { label: t('account.registered'), value: formatDate(member.createdAt, false) },
  ];

  return (
    <>
      <PageHead title={t('menu.securityCenter')} lead={t('account.lead')} />
      <div className="mc-hero">
        <div className="mc-hero__main">
          <span className="mc-hero__label">{t('account.welcome')}</span>
          <strong className="mc-hero__title">{member.nickname || member.account}</strong>
          <div className="mc-hero__chips">
            {member.clubLabel.labelName ? (
              <LabelChip
                text={member.clubLabel.labelName}
                background={[member.clubLabel.color, member.clubLabel.color2]}
              />
            ) : null}
            {member.memberLabel.text ? (
              <LabelChip
                text={member.memberLabel.text}
                background={[member.memberLabel.backgroundColor]}
                textColor={member.memberLabel.textColor}
              />
            ) : null}
          </div>
        </div>
        <div className="mc-hero__actions">
          <button
            type="button"
            className="btn btn--light btn--sm"
            onClick={() => ui.openCentre('member', 'depositv2')}
          >
            {t('menu.depositv2')}
          </button>
          <button
            type="button"
            className="btn btn--glass btn--sm"
            onClick={() => ui.openCentre('member', 'withdraw')}
          >
            {t('menu.withdraw')}
          </button>
        </div>
      </div>

      <div className="centre-stats">
        {funds.data ? (
          <>
            <Stat
              label={t('funds.balance')}
              value={<bdi dir="ltr">{money(funds.data.balance)}</bdi>}
              tone="accent"
            />
            <Stat
              label={t('funds.points')}
              value={<bdi dir="ltr">{formatNumber(funds.data.points)}</bdi>}
            />
            <Stat
              label={t('funds.pending_withdrawal')}
              value={<bdi dir="ltr">{money(funds.data.pendingWithdrawal)}</bdi>}
            />
            <Stat
              label={t('funds.locked_bonus')}
              value={<bdi dir="ltr">{money(funds.data.lockedBonus)}</bdi>}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={84} radius={14} />)
        )}
      </div>

      <div className="mc-grid-2">
        <section className="centre-card centre-card--pad" aria-labelledby="mc-account-details">
          <h4 className="centre-card__title" id="mc-account-details">
            {t('account.details')}
          </h4>
          <dl className="centre-dl">
            {rows.map((r) => (
              <div key={r.label} className="centre-dl__row">
                <dt>{r.label}</dt>
                <dd dir={r.ltr ? 'ltr' : undefined}>{r.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="centre-card centre-card--pad" aria-labelledby="mc-account-security">
          <h4 className="centre-card__title" id="mc-account-security">
            {t('account.security')}
          </h4>
          <ul className="mc-security">
            <li>
              <span className="mc-security__name">{t('account.login_password')}</span>
              <span className="mc-security__end">
                <Badge tone="success">{t('account.set')}</Badge>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => ui.open('changePassword')}
                >
                  {t('account.change')}
                </button>
              </span>
            </li>
            <li>
              <span className="mc-security__name">{t('account.payment_password')}</span>
              {member.hasPaymentPassword ? (
                <Badge tone="success">{t('account.set')}</Badge>
              ) : (
                <Badge tone="pending">{t('account.not_set')}</Badge>
              )}
            </li>
            <li>
              <span className="mc-security__name">{t('account.mobile')}</span>
              {member.mobileNum ? (
                <Badge tone="success">{t('account.bound')}</Badge>
              ) : (
                <Badge tone="muted">{t('account.not_bound')}</Badge>
              )}
            </li>
            <li>
              <span className="mc-security__name">{t('account.email')}</span>
              {member.email ? (
                <Badge tone="success">{t('account.bound')}</Badge>
              ) : (
                <Badge tone="muted">{t('account.not_bound')}</Badge>
              )}
            </li>
          </ul>
          {!member.hasPaymentPassword ? (
            <p className="mc-note">{t('account.payment_password_hint')}</p>
          ) : null}
        </section>
      </div>
    </>
  );
}

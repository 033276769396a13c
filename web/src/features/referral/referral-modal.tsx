/** Referral (invite friends): the code, the link with copy and QR, and invitees. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { referralQuery } from '../../api/queries/member';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { ErrorState } from '../../ui/error-state';
import { formatDate, formatMoney } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import './referral.css';

export default function ReferralModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['referral', 'errors']);
  const auth = useAuth();
  const { currencySymbol } = usePermission();
  const referral = useQuery({ ...referralQuery, enabled: !auth.isGuest });

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('referral:copied'));
    } catch {
      toast.error(t('referral:copy_failed'));
    }
  };

  let body;
  if (auth.isGuest) {
    body = <p className="notice notice--warning">{t('errors:register_first')}</p>;
  } else if (referral.isError) {
    body = <ErrorState error={referral.error} onRetry={() => void referral.refetch()} />;
  } else if (referral.isPending) {
    body = <Skeleton height={220} radius={12} />;
  } else {
    const r = referral.data;
    const link = new URL(r.link, window.location.origin).toString();
    body = (
      <>
        <div className="referral-hero">
          <div className="referral-hero__text">
            <p className="referral-hero__lead">
              {r.commission > 0 ? t('referral:lead', { reward: formatMoney(r.commission, currencySymbol) }) : t('referral:lead_plain')}
            </p>
            {r.reward > 0 ? <p className="referral-hero__earned">{t('referral:earned', { amount: formatMoney(r.reward, currencySymbol) })}</p> : null}
            <div className="referral-code">
              <span className="referral-code__label">{t('referral:your_code')}</span>
              <strong className="referral-code__value" dir="ltr">
                {r.referralCode}
              </strong>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy(r.referralCode)}>
                {t('referral:copy_code')}
              </button>
            </div>
            <div className="referral-link">
              <input readOnly value={link} aria-label={t('referral:your_link')} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn--primary btn--sm" onClick={() => void copy(link)}>
                <Icon name="referral" size={16} />
                {t('referral:copy_link')}
              </button>
            </div>
          </div>
          <img className="referral-hero__qr" src={r.qrCodeUrl} alt={t('referral:qr_alt')} width={132} height={132} />
        </div>
        <h3 className="section-title">{t('referral:invitees', { count: r.invitees.length })}</h3>
        {r.invitees.length === 0 ? (
          <p className="muted">{t('referral:no_invitees')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('referral:account')}</th>
                  <th scope="col">{t('referral:registered')}</th>
                  <th scope="col">{t('referral:deposited')}</th>
                </tr>
              </thead>
              <tbody>
                {r.invitees.map((i) => (
                  <tr key={i.account}>
                    <td dir="ltr">{i.account}</td>
                    <td>{formatDate(i.registeredAt, false)}</td>
                    <td>{i.deposited ? t('referral:yes') : t('referral:no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </>
    );
  }
  return (
    <Modal open onClose={onClose} title={t('referral:title')} size="lg">
      {body}
    </Modal>
  );
}

/** Invite friends (referral): the referral code and link with copy and QR, the reward and invitees. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { referralQuery } from '../../../api/queries/member';
import { Badge, Empty, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';

export function InviteFriendsPage() {
  const { t } = useTranslation('memberCentre');
  const referral = useQuery(referralQuery);
  const money = useMoney();

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('invite.copied'));
    } catch {
      toast.error(t('invite.copy_failed'));
    }
  };

  if (referral.isError)
    return <ErrorState error={referral.error} onRetry={() => void referral.refetch()} />;
  const r = referral.data;
  const link = r ? new URL(r.link, window.location.origin).toString() : '';
  const deposited = r?.invitees.filter((i) => i.deposited).length ?? 0;

  return (
    <>
      <PageHead title={t('menu.referral')} lead={t('invite.lead')} />
      {!r ? (
        <Skeleton height={200} radius={16} />
      ) : (
        <>
          <div className="mc-invite">
            <div className="mc-invite__text">
              <span className="mc-invite__label">{t('invite.your_code')}</span>
              <div className="mc-invite__code">
                <strong dir="ltr">{r.referralCode}</strong>
                <button
                  type="button"
                  className="btn btn--light btn--sm"
                  onClick={() => void copy(r.referralCode)}
                >
                  {t('invite.copy_code')}
                </button>
              </div>
              <label className="mc-invite__label" htmlFor="mc-invite-link">
                {t('invite.your_link')}
              </label>
              <div className="mc-invite__link">
                <input
                  id="mc-invite-link"
                  readOnly
                  value={link}
                  dir="ltr"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button
                  type="button"
                  className="btn btn--light btn--sm"
                  onClick={() => void copy(link)}
                >
                  <Icon name="referral" size={16} />
                  {t('invite.copy_link')}
                </button>
              </div>
            </div>
            <img
              className="mc-invite__qr"
              src={r.qrCodeUrl}
              alt={t('invite.qr_alt')}
              width={128}
              height={128}
            />
          </div>
          <div className="centre-stats centre-stats--3">
            <Stat label={t('invite.invited')} value={r.invitees.length} />
            <Stat label={t('invite.deposited')} value={deposited} />
            <Stat
              label={t('invite.reward')}
              value={<bdi dir="ltr">{money(r.reward)}</bdi>}
              tone="accent"
            />
          </div>
          <section className="centre-section" aria-labelledby="mc-invitees">
            <h4 className="centre-card__title" id="mc-invitees">
              {t('invite.invitees')}
            </h4>
            {r.invitees.length === 0 ? (
              <Empty>{t('invite.none')}</Empty>
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.account')}</th>
                      <th scope="col">{t('col.registered')}</th>
                      <th scope="col">{t('col.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.invitees.map((i) => (
                      <tr key={i.account}>
                        <td dir="ltr">{i.account}</td>
                        <td>{formatDate(i.registeredAt, false)}</td>
                        <td>
                          {i.deposited ? (
                            <Badge tone="success">{t('invite.has_deposited')}</Badge>
                          ) : (
                            <Badge tone="muted">{t('invite.not_deposited')}</Badge>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </>
  );
}

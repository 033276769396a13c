/**
 * Daily, hourly and real-time salary (agentDailyWages2, agentHourSalary, agentRealtimeSalary): the
 * contracts of the kind, offered to me and by me, with their settlement period
 * (real-time salary is settled every 5 minutes).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { PageHead } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { useContracts } from '../api/get-contracts';
import { ContractTable } from '../components/contract-table';
import { SALARY_SETTLEMENT_MINUTES } from '../constants';
import { splitContracts } from '../contracts';
import { SALARY_PAGES, type SalaryKind } from '../types';
import { SvgIcon } from '../../../ui/svg-icon';

/** '5 minutes', '1 hour', '1 day' in the agent's language. */
function usePeriod() {
  const { t } = useTranslation('agentCentre');
  return (minutes: number) =>
    minutes % (24 * 60) === 0
      ? t('salary.days', { count: minutes / (24 * 60) })
      : minutes % 60 === 0
        ? t('salary.hours', { count: minutes / 60 })
        : t('salary.minutes', { count: minutes });
}

export function SalaryPage({ kind }: { kind: SalaryKind }) {
  const { t } = useTranslation('agentCentre');
  const me = useQuery(memberInfoQuery).data?.account ?? '';
  const contracts = useContracts(kind);
  const period = usePeriod();
  const title = t(`menu.${SALARY_PAGES[kind]}`);

  if (contracts.isError)
    return <ErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />;
  const minutes = contracts.data?.settlementMinutes ?? SALARY_SETTLEMENT_MINUTES[kind];
  const { mine, team } = splitContracts(contracts.data?.contracts ?? [], me);

  return (
    <>
      <PageHead title={title} lead={t(`salary.lead_${kind}`)} />
      <div className="ac-settle" role="note">
        <span className="ac-settle__icon" aria-hidden="true">
          <SvgIcon d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2" size={22} strokeWidth={2} />
        </span>
        <div>
          <strong>{t('salary.settled_every', { period: period(minutes) })}</strong>
          <p>{t(`salary.settle_note_${kind}`)}</p>
        </div>
      </div>
      {!contracts.data ? (
        <Skeleton height={220} radius={14} />
      ) : (
        <>
          {mine.length > 0 ? (
            <section className="centre-section" aria-labelledby={`ac-${kind}-mine`}>
              <h4 className="centre-card__title" id={`ac-${kind}-mine`}>
                {t('contracts.mine')}
              </h4>
              <ContractTable
                contracts={mine}
                kind={kind}
                me={me}
                empty={t('contracts.empty')}
                caption={t('contracts.mine')}
              />
            </section>
          ) : null}
          <section className="centre-section" aria-labelledby={`ac-${kind}-team`}>
            <h4 className="centre-card__title" id={`ac-${kind}-team`}>
              {t('contracts.team')}
            </h4>
            <ContractTable
              contracts={team}
              kind={kind}
              me={me}
              empty={t('contracts.empty')}
              caption={t('contracts.team')}
            />
          </section>
        </>
      )}
    </>
  );
}

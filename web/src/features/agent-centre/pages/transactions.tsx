/** Transaction details (agentDownlineTransactionDetailsCopy): every wallet movement of the team, or one downline's. */
import { useTranslation } from 'react-i18next';
import { useTransactionColumns } from '../../../ui/centre/record-columns';
import { useDownlineTransactions } from '../api/get-downline-transactions';
import { TeamReport, useTeamReportFilter } from '../components/team-report';
import type { TeamTransaction } from '../types';

export function TransactionsPage() {
  const { t } = useTranslation('agentCentre');
  const filter = useTeamReportFilter();
  const rows = useDownlineTransactions(filter.params);

  const columns = useTransactionColumns<TeamTransaction>('agentCentre', { account: true });

  return (
    <TeamReport
      title={t('menu.agentDownlineTransactionDetailsCopy')}
      lead={t('reports.transactions_lead')}
      filter={filter}
      query={rows}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}

/** User profit and loss (palStatementsAgentCopy): each team member's deposits, bets, wins, bonuses and result. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, PageHead, useMoney } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { useTeamProfitLoss } from '../api/get-team-profit-loss';
import { AccountFilter } from '../components/account-filter';
import type { ProfitLossRow } from '../types';

export function ProfitLossPage() {
  const { t } = useTranslation('agentCentre');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const rows = useTeamProfitLoss({ pageNo: page, ...(account ? { account } : {}) });

  const columns: Column<ProfitLossRow>[] = [
    {
      key: 'account',
      header: t('col.account'),
      cell: (r) => <strong dir="ltr">{r.account}</strong>,
    },
    {
      key: 'deposit',
      header: t('col.deposit'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.deposit)}</bdi>,
    },
    {
      key: 'withdraw',
      header: t('col.withdraw'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.withdraw)}</bdi>,
    },
    {
      key: 'valid',
      header: t('col.valid_bet'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.validBet)}</bdi>,
    },
    {
      key: 'win',
      header: t('col.win'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.win)}</bdi>,
    },
    {
      key: 'bonus',
      header: t('col.bonus'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.bonus)}</bdi>,
    },
    {
      key: 'profit',
      header: t('col.profit'),
      numeric: true,
      cell: (r) => <Amount value={r.profit} strong />,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.palStatementsAgentCopy')} lead={t('reports.profit_lead')} />
      <div className="ac-toolbar ac-toolbar--end">
        <AccountFilter
          value={account}
          onChange={(a) => {
            setAccount(a);
            setPage(1);
          }}
        />
      </div>
      <RecordTable
        ns="agentCentre"
        caption={t('menu.palStatementsAgentCopy')}
        columns={columns}
        rows={rows.data?.list}
        rowKey={(r) => r.account}
        isPending={rows.isPending}
        isFetching={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        empty={t('reports.empty')}
        page={page}
        totalPages={rows.data?.totalPages ?? 1}
        onPage={setPage}
      />
    </>
  );
}

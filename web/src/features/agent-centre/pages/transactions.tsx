/** Transaction details (agentDownlineTransactionDetailsCopy): every wallet movement of the team, or one downline's. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, Badge, PageHead, useMoney, When } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { useDownlineTransactions } from '../api/get-downline-transactions';
import { AccountFilter } from '../components/account-filter';
import { kindLabel, txStatusLabel, txStatusTone } from '../labels';
import type { TeamTransaction } from '../types';

export function TransactionsPage() {
  const { t } = useTranslation('agentCentre');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const rows = useDownlineTransactions({ pageNo: page, ...(account ? { account } : {}) });

  const columns: Column<TeamTransaction>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    { key: 'account', header: t('col.account'), cell: (r) => <span dir="ltr">{r.account}</span> },
    {
      key: 'kind',
      header: t('col.type'),
      cell: (r) => (
        <span className={`centre-kind centre-kind--${r.kind}`}>{kindLabel(t, r.kind)}</span>
      ),
    },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} />,
    },
    {
      key: 'after',
      header: t('col.balance_after'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.balanceAfter)}</bdi>,
    },
    {
      key: 'status',
      header: t('col.status'),
      cell: (r) => <Badge tone={txStatusTone(r.status)}>{txStatusLabel(t, r.status)}</Badge>,
    },
    {
      key: 'remark',
      header: t('col.remark'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(r.remark)}</bdi>,
    },
  ];

  return (
    <>
      <PageHead
        title={t('menu.agentDownlineTransactionDetailsCopy')}
        lead={t('reports.transactions_lead')}
      />
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
        caption={t('menu.agentDownlineTransactionDetailsCopy')}
        columns={columns}
        rows={rows.data?.list}
        rowKey={(r) => r.id}
        isPending={rows.isPending}
        isFetching={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        empty={t('reports.empty')}
        page={page}
        totalPages={rows.data?.totalPages ?? 1}
        onPage={setPage}
      />
      {rows.data ? (
        <p className="centre-count">{t('reports.count', { count: rows.data.totalCount })}</p>
      ) : null}
    </>
  );
}

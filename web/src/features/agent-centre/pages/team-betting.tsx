/** Team betting (personalHistoryCopy in the agent centre): the team's bets, newest first, or one downline's. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, PageHead, useMoney, When } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { useTeamBetting } from '../api/get-team-betting';
import { AccountFilter } from '../components/account-filter';
import { gameTypeLabel } from '../labels';
import type { TeamBet } from '../types';

export function TeamBettingPage() {
  const { t } = useTranslation('agentCentre');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const bets = useTeamBetting({ pageNo: page, ...(account ? { account } : {}) });

  const columns: Column<TeamBet>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    { key: 'account', header: t('col.account'), cell: (r) => <span dir="ltr">{r.account}</span> },
    {
      key: 'game',
      header: t('col.game'),
      cell: (r) => (
        <div className="centre-cell-2">
          <bdi className="centre-cell-2__main">{translateContent(r.gameName)}</bdi>
          <span>
            {r.vendor} · {gameTypeLabel(t, r.gameType)}
          </span>
        </div>
      ),
    },
    {
      key: 'bet',
      header: t('col.bet'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.betAmount)}</bdi>,
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
      cell: (r) => <bdi dir="ltr">{money(r.winAmount)}</bdi>,
    },
    {
      key: 'profit',
      header: t('col.profit'),
      numeric: true,
      cell: (r) => <Amount value={r.profit} />,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.personalHistoryCopy')} lead={t('reports.betting_lead')} />
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
        caption={t('menu.personalHistoryCopy')}
        columns={columns}
        rows={bets.data?.list}
        rowKey={(r) => r.id}
        isPending={bets.isPending}
        isFetching={bets.isFetching}
        error={bets.error}
        onRetry={() => void bets.refetch()}
        empty={t('reports.empty')}
        page={page}
        totalPages={bets.data?.totalPages ?? 1}
        onPage={setPage}
      />
      {bets.data ? (
        <p className="centre-count">{t('reports.count', { count: bets.data.totalCount })}</p>
      ) : null}
    </>
  );
}

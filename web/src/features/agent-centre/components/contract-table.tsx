/**
 * A list of contracts of one kind with the terms that kind carries, its state and the actions the
 * agent may take (Accept, Reject, Terminate). Reject and terminate ask first. A row's actions are
 * busy while its call is under way: the pressed one keeps the focus (not disabled, which would drop
 * it to the page) and presses on the row are ignored.
 */
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../ui/busy-button';
import { Amount, Badge, Empty, useMoney, type Tone } from '../../../ui/centre/parts';
import type { Column } from '../../../ui/centre/record-table';
import { confirmDialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { useContractAction } from '../api/contract-action';
import { contractActions, type ContractAction } from '../contracts';
import type { Contract, ContractKind } from '../types';
import { errorText } from './error-text';
import { formatNumber, formatPercent } from '../../../ui/format';

const STATUS_TONE: Record<Contract['status'], Tone> = {
  pending: 'pending',
  active: 'success',
  rejected: 'danger',
  terminated: 'muted',
};


export function ContractTable({
  contracts,
  kind,
  me,
  empty,
  caption,
}: {
  contracts: readonly Contract[];
  kind: ContractKind;
  me: string;
  empty: string;
  caption: string;
}) {
  const { t } = useTranslation('agentCentre');
  const money = useMoney();
  const action = useContractAction();

  const run = async (c: Contract, a: ContractAction) => {
    if (a !== 'Accept') {
      const ok = await confirmDialog({
        title: t(a === 'Reject' ? 'contracts.reject_title' : 'contracts.terminate_title'),
        message: t(a === 'Reject' ? 'contracts.reject_text' : 'contracts.terminate_text', {
          account: c.account,
          rate: formatPercent(c.rate),
        }),
        confirmText: t(`contracts.action_${a}`),
        cancelText: t('form.cancel'),
        tone: 'danger',
      });
      if (!ok) return;
    }
    action.mutate(
      { id: c.id, action: a },
      {
        onSuccess: () => toast.success(t(`contracts.done_${a}`, { account: c.account })),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  const terms: Record<ContractKind, Column<Contract>[]> = {
    dividend: [
      {
        key: 'members',
        header: t('col.active_members'),
        numeric: true,
        cell: (c) => formatNumber(c.activeMembers),
      },
      {
        key: 'bet',
        header: t('col.period_valid_bet'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{money(c.periodValidBet)}</bdi>,
      },
      {
        key: 'pnl',
        header: t('col.period_pnl'),
        numeric: true,
        cell: (c) => <Amount value={c.periodPnl} />,
      },
    ],
    dailySalary: [
      {
        key: 'daily',
        header: t('col.daily_bet'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{money(c.dailyBetAmount)}</bdi>,
      },
      {
        key: 'members',
        header: t('col.active_members'),
        numeric: true,
        cell: (c) => formatNumber(c.activeMembers),
      },
      {
        key: 'loss',
        header: t('col.loss_rate'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{formatPercent(c.lossRate)}</bdi>,
      },
    ],
    hourSalary: [
      {
        key: 'hourly',
        header: t('col.hourly_bet'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{money(c.hourlyBetAmount)}</bdi>,
      },
      {
        key: 'members',
        header: t('col.active_members'),
        numeric: true,
        cell: (c) => formatNumber(c.activeMembers),
      },
    ],
    realtimeSalary: [
      {
        key: 'profit',
        header: t('col.realtime_profit_rate'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{formatPercent(c.realtimeProfitRate)}</bdi>,
      },
      {
        key: 'single',
        header: t('col.single_bet'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{money(c.singleBetAmount)}</bdi>,
      },
      {
        key: 'loss',
        header: t('col.loss_rate'),
        numeric: true,
        cell: (c) => <bdi dir="ltr">{formatPercent(c.lossRate)}</bdi>,
      },
    ],
  };

  const columns: Column<Contract>[] = [
    {
      key: 'account',
      header: t('col.account'),
      cell: (c) => (
        <span className="ac-contract-account">
          <strong dir="ltr">{c.account}</strong>
          {c.account === me ? <span className="ac-you">{t('contracts.you')}</span> : null}
        </span>
      ),
    },
    {
      key: 'rate',
      header: t('col.rate'),
      numeric: true,
      cell: (c) => <strong className="ac-rate">{formatPercent(c.rate)}</strong>,
    },
    ...terms[kind],
    {
      key: 'status',
      header: t('col.status'),
      cell: (c) => <Badge tone={STATUS_TONE[c.status]}>{t(`contracts.status_${c.status}`)}</Badge>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('col.action')}</span>,
      cell: (c) => (
        <span className="ac-actions">
          {contractActions(c, me).map((a) => (
            <BusyButton
              key={a}
              className={`btn btn--sm ${a === 'Accept' ? 'btn--primary' : a === 'Reject' ? 'btn--ghost' : 'btn--danger-ghost'}`}
              busy={action.isPending && action.variables?.id === c.id}
              onClick={() => void run(c, a)}
              aria-label={t('contracts.action_of', {
                action: t(`contracts.action_${a}`),
                account: c.account,
              })}
            >
              {t(`contracts.action_${a}`)}
            </BusyButton>
          ))}
        </span>
      ),
    },
  ];

  if (contracts.length === 0) return <Empty>{empty}</Empty>;
  return (
    <div className="table-wrap ac-table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? 'centre-num' : c.key === 'actions' ? 'ac-end' : undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {contracts.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={c.numeric ? 'centre-num' : c.key === 'actions' ? 'ac-end' : undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

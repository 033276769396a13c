/**
 * The columns both centres show the same way: a bet record (the member's betting record, the
 * agent's team betting) and a wallet transaction (the member's account record, the agent's
 * transaction details). Each centre speaks with its own namespace; the agent's tables add the
 * account column. Wire values (game type, transaction kind and status) show as the catalogue names
 * them, or as sent when it does not know them.
 */
import type { TypeOptions } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../i18n';
import { Amount, Badge, useMoney, When, type Tone } from './parts';
import type { Column } from './record-table';

type Resources = TypeOptions['resources'];

/** The keys these columns read (each centre's catalogue has them, and the kinds, types and statuses). */
type ColumnKey =
  | 'col.time'
  | 'col.account'
  | 'col.game'
  | 'col.bet'
  | 'col.valid_bet'
  | 'col.win'
  | 'col.profit'
  | 'col.type'
  | 'col.amount'
  | 'col.balance_after'
  | 'col.status'
  | 'col.remark'
  | 'kind.deposit'
  | 'game_type.RNG'
  | 'tx_status.success';

/** A namespace with every key of ColumnKey (memberCentre, agentCentre). */
export type ColumnsNamespace = {
  [N in keyof Resources]: ColumnKey extends keyof Resources[N] ? N : never;
}[keyof Resources];

/** The catalogue lookup these columns make; keys of wire values fall back to the value. */
type Say = (key: string, options?: { defaultValue: string }) => string;

function useSay(ns: ColumnsNamespace): Say {
  const { t } = useTranslation(ns);
  // i18next types `t` per namespace; ColumnsNamespace guarantees the fixed keys exist in each, and
  // the keys of wire values carry their own fallback.
  return t as unknown as Say;
}

export const gameTypeLabel = (say: Say, gameType: string) =>
  say(`game_type.${gameType}`, { defaultValue: gameType });
export const kindLabel = (say: Say, kind: string) => say(`kind.${kind}`, { defaultValue: kind });
export const txStatusLabel = (say: Say, status: string) =>
  say(`tx_status.${status}`, { defaultValue: status });

export function txStatusTone(status: string): Extract<Tone, 'success' | 'pending' | 'danger' | 'muted'> {
  if (status === 'success') return 'success';
  if (status === 'pending') return 'pending';
  if (status === 'rejected') return 'danger';
  return 'muted';
}

/** A bet as both centres' records carry it; the agent's also name the downline's account. */
export interface BetRow {
  time: number;
  account?: string;
  gameName: string;
  vendor: string;
  gameType: string;
  betAmount: number;
  validBet: number;
  winAmount: number;
  profit: number;
}

/** A wallet movement as both centres' records carry it. */
export interface TransactionRow {
  time: number;
  account?: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  status: string;
  remark: string;
}

const accountColumn = <T extends { account?: string }>(say: Say): Column<T> => ({
  key: 'account',
  header: say('col.account'),
  cell: (r) => <span dir="ltr">{r.account}</span>,
});

/** Time, (account,) game with provider and type, bet, valid bet, win, profit. */
export function useBetColumns<T extends BetRow>(
  ns: ColumnsNamespace,
  { account = false }: { account?: boolean } = {},
): Column<T>[] {
  const say = useSay(ns);
  const money = useMoney();
  return [
    { key: 'time', header: say('col.time'), cell: (r) => <When ms={r.time} /> },
    ...(account ? [accountColumn<T>(say)] : []),
    {
      key: 'game',
      header: say('col.game'),
      cell: (r) => (
        <div className="centre-cell-2">
          <bdi className="centre-cell-2__main">{translateContent(r.gameName)}</bdi>
          <span>
            {r.vendor} · {gameTypeLabel(say, r.gameType)}
          </span>
        </div>
      ),
    },
    { key: 'bet', header: say('col.bet'), numeric: true, cell: (r) => <bdi dir="ltr">{money(r.betAmount)}</bdi> },
    {
      key: 'valid',
      header: say('col.valid_bet'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.validBet)}</bdi>,
    },
    { key: 'win', header: say('col.win'), numeric: true, cell: (r) => <bdi dir="ltr">{money(r.winAmount)}</bdi> },
    { key: 'profit', header: say('col.profit'), numeric: true, cell: (r) => <Amount value={r.profit} /> },
  ];
}

/**
 * Time, (account,) kind, signed amount, balance after, status badge, remark. A centre may show a
 * status or a remark its own way (the member's withdrawals confirmed by time, their cleaned remark).
 */
export function useTransactionColumns<T extends TransactionRow>(
  ns: ColumnsNamespace,
  {
    account = false,
    status,
    remark = (r) => r.remark,
  }: { account?: boolean; status?: (row: T) => ReactNode | undefined; remark?: (row: T) => string } = {},
): Column<T>[] {
  const say = useSay(ns);
  const money = useMoney();
  return [
    { key: 'time', header: say('col.time'), cell: (r) => <When ms={r.time} /> },
    ...(account ? [accountColumn<T>(say)] : []),
    {
      key: 'kind',
      header: say('col.type'),
      cell: (r) => <span className={`centre-kind centre-kind--${r.kind}`}>{kindLabel(say, r.kind)}</span>,
    },
    { key: 'amount', header: say('col.amount'), numeric: true, cell: (r) => <Amount value={r.amount} /> },
    {
      key: 'after',
      header: say('col.balance_after'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.balanceAfter)}</bdi>,
    },
    {
      key: 'status',
      header: say('col.status'),
      cell: (r) => status?.(r) ?? <Badge tone={txStatusTone(r.status)}>{txStatusLabel(say, r.status)}</Badge>,
    },
    {
      key: 'remark',
      header: say('col.remark'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(remark(r))}</bdi>,
    },
  ];
}

/**
 * The ledger: one balance per account, every change a transaction, bets kept for the betting record.
 * Rows live in the world's `ledger` and `bets` tables (server/sim/store/kernel-tables.ts).
 * Calls run one at a time on Node's event loop and each posting is synchronous, so the invariant
 * (balance = sum of transactions, never negative) holds under any number of concurrent requests.
 */
import { ApiError } from '../errors';
import { roundMoney } from '../../openapi/money';
import { BETS, LEDGER, LEDGER_COUNTERS } from './store/kernel-tables';
import type { RowOf } from './store/schema';
import { Record1, type Table, type WorldDb } from './store/table';

export type LedgerTx = RowOf<typeof LEDGER>;
export type TxKind = LedgerTx['kind'];
export type BetRow = RowOf<typeof BETS>;

export class Ledger {
  private readonly txs: Table<LedgerTx>;
  private readonly bets: Table<BetRow>;
  private readonly counters: Record1<RowOf<typeof LEDGER_COUNTERS>>;

  constructor(db: WorldDb) {
    this.txs = db.table(LEDGER);
    this.bets = db.table(BETS);
    this.counters = new Record1(db.table(LEDGER_COUNTERS));
  }

  /** The next id of a transaction or a bet, taken. */
  private take(which: 'nextTx' | 'nextBet'): number {
    const row = this.counters.update() ?? this.counters.put({ nextTx: 1, nextBet: 1 });
    return row[which]++;
  }

  /** The newest transaction's balanceAfter: a balance is never kept apart from its transactions. */
  balance(account: string): number {
    return this.txs.group(account).at(-1)?.balanceAfter ?? 0;
  }

  /** Post a signed amount; refuses (and changes nothing) when the balance would go negative. */
  post(account: string, kind: TxKind, amount: number, remark: string, time: number, status: LedgerTx['status'] = 'success'): LedgerTx {
    if (!Number.isFinite(amount)) throw new ApiError(400, 'request_param_err', 'amount must be a finite number');
    const value = roundMoney(amount);
    const after = roundMoney(this.balance(account) + value);
    if (after < 0) throw new ApiError(400, 'wallet.insufficient.balance', 'Insufficient balance');
    const tx: LedgerTx = { id: this.take('nextTx'), account, kind, amount: value, balanceAfter: after, time, remark, status };
    return this.txs.put(String(tx.id), tx);
  }

  transactions(account: string): readonly LedgerTx[] {
    return this.txs.group(account);
  }

  /** A settled bet: the stake leaves the wallet, the win (if any) comes back, and a bet row is kept. */
  settleBet(account: string, bet: Omit<BetRow, 'id' | 'account' | 'validBet' | 'profit'>): BetRow {
    this.post(account, 'bet', -bet.betAmount, `${bet.vendor} ${bet.gameName}`, bet.time);
    if (bet.winAmount > 0) this.post(account, 'win', bet.winAmount, `${bet.vendor} ${bet.gameName}`, bet.time);
    const row: BetRow = {
      ...bet,
      id: this.take('nextBet'),
      account,
      validBet: roundMoney(bet.betAmount),
      profit: roundMoney(bet.winAmount - bet.betAmount),
    };
    return this.bets.put(String(row.id), row);
  }

  betsOf(account: string): readonly BetRow[] {
    return this.bets.group(account);
  }

  /** Drop an account's transactions and bets (an expired free-play guest, Sim.sweep). */
  forget(account: string): void {
    for (const tx of [...this.txs.group(account)]) this.txs.delete(String(tx.id));
    for (const bet of [...this.bets.group(account)]) this.bets.delete(String(bet.id));
  }

  /** Transactions and bets ever taken (a change mark for tests). */
  get counts(): { nextTx: number; nextBet: number } {
    return this.counters.get() ?? { nextTx: 1, nextBet: 1 };
  }

  /** The invariant the concurrency benchmark checks. */
  consistent(account: string): boolean {
    const sum = roundMoney(this.transactions(account).reduce((s, t) => s + t.amount, 0));
    return sum === this.balance(account) && this.balance(account) >= 0;
  }
}

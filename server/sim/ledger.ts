/**
 * The ledger: one balance per account, every change a transaction, bets kept for the betting record.
 * Calls run one at a time on Node's event loop and each posting is synchronous, so the invariant
 * (balance = sum of transactions, never negative) holds under any number of concurrent requests.
 */
import { ApiError } from '../errors';
import { roundMoney } from '../../openapi/money';

export type TxKind = 'bet' | 'win' | 'deposit' | 'withdraw' | 'transfer' | 'redeem' | 'bonus' | 'rebate' | 'convert';

export interface LedgerTx {
  id: number;
  account: string;
  kind: TxKind;
  amount: number;
  balanceAfter: number;
  time: number;
  remark: string;
  status: 'success' | 'pending' | 'rejected';
}

export interface BetRow {
  id: number;
  account: string;
  vendor: string;
  gameName: string;
  gameType: string;
  betAmount: number;
  validBet: number;
  winAmount: number;
  profit: number;
  time: number;
}


export class Ledger {
  private readonly txs = new Map<string, LedgerTx[]>();
  private readonly balances = new Map<string, number>();
  private readonly bets = new Map<string, BetRow[]>();
  private nextTx = 1;
  private nextBet = 1;

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  /** Post a signed amount; refuses (and changes nothing) when the balance would go negative. */
  post(account: string, kind: TxKind, amount: number, remark: string, time: number, status: LedgerTx['status'] = 'success'): LedgerTx {
    if (!Number.isFinite(amount)) throw new ApiError(400, 'request_param_err', 'amount must be a finite number');
    const value = roundMoney(amount);
    const after = roundMoney(this.balance(account) + value);
    if (after < 0) throw new ApiError(400, 'wallet.insufficient.balance', 'Insufficient balance');
    const tx: LedgerTx = { id: this.nextTx++, account, kind, amount: value, balanceAfter: after, time, remark, status };
    this.balances.set(account, after);
    const list = this.txs.get(account) ?? [];
    list.push(tx);
    this.txs.set(account, list);
    return tx;
  }

  transactions(account: string): readonly LedgerTx[] {
    return this.txs.get(account) ?? [];
  }

  /** A settled bet: the stake leaves the wallet, the win (if any) comes back, and a bet row is kept. */
  settleBet(account: string, bet: Omit<BetRow, 'id' | 'account' | 'validBet' | 'profit'>): BetRow {
    this.post(account, 'bet', -bet.betAmount, `${bet.vendor} ${bet.gameName}`, bet.time);
    if (bet.winAmount > 0) this.post(account, 'win', bet.winAmount, `${bet.vendor} ${bet.gameName}`, bet.time);
    const row: BetRow = {
      ...bet,
      id: this.nextBet++,
      account,
      validBet: roundMoney(bet.betAmount),
      profit: roundMoney(bet.winAmount - bet.betAmount),
    };
    const list = this.bets.get(account) ?? [];
    list.push(row);
    this.bets.set(account, list);
    return row;
  }

  betsOf(account: string): readonly BetRow[] {
    return this.bets.get(account) ?? [];
  }

  /** Drop an account's balance, transactions and bets (an expired free-play guest, Sim.sweep). */
  forget(account: string): void {
    this.txs.delete(account);
    this.balances.delete(account);
    this.bets.delete(account);
  }

  /** The invariant the concurrency benchmark checks. */
  consistent(account: string): boolean {
    const sum = roundMoney(this.transactions(account).reduce((s, t) => s + t.amount, 0));
    return sum === this.balance(account) && this.balance(account) >= 0;
  }
}

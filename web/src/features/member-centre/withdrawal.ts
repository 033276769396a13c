/**
 * Withdrawal states as the player sees them (a pending withdrawal waits for the
 * player's 'received' confirmation; one not confirmed in time is force-received by the server).
 */
import { AUTO_RECEIVED_MARK } from './constants';

export type WithdrawalState = 'awaiting' | 'received' | 'auto_received' | 'rejected';

export function withdrawalState(tx: { status: string; remark: string }): WithdrawalState {
  if (tx.status === 'pending') return 'awaiting';
  if (tx.status === 'rejected') return 'rejected';
  // The contract has no field for a forced confirmation: the gateway marks the remark.
  return tx.remark.includes(AUTO_RECEIVED_MARK) ? 'auto_received' : 'received';
}

/** When a pending withdrawal will be received automatically. */
export function autoReceiveAt(requestedAt: number, autoReceiveMinutes: number): number {
  return requestedAt + autoReceiveMinutes * 60_000;
}

/** The remark without the server's forced-confirmation mark. */
export function cleanRemark(remark: string): string {
  return remark.replace(AUTO_RECEIVED_MARK, '').trim();
}

/**
 * Labels of wire values (transaction kinds, game types, statuses) in the player's language; values the
 * catalogue does not know show as sent.
 */
import type { TFunction } from 'i18next';

type T = TFunction<'memberCentre'>;

export const TRANSACTION_KINDS = [
  'deposit',
  'withdraw',
  'transfer',
  'bet',
  'win',
  'bonus',
  'rebate',
  'redeem',
] as const;

export function kindLabel(t: T, kind: string): string {
  return t(`kind.${kind}` as 'kind.deposit', { defaultValue: kind });
}

export function gameTypeLabel(t: T, gameType: string): string {
  return t(`game_type.${gameType}` as 'game_type.RNG', { defaultValue: gameType });
}

export function txStatusLabel(t: T, status: string): string {
  return t(`tx_status.${status}` as 'tx_status.success', { defaultValue: status });
}

export function txStatusTone(status: string): 'success' | 'pending' | 'danger' | 'muted' {
  if (status === 'success') return 'success';
  if (status === 'pending') return 'pending';
  if (status === 'rejected') return 'danger';
  return 'muted';
}

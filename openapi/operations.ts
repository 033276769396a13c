/** Every operation of the contract, keyed by operationId. The one list both server and document use. */
import type { AnyOperation } from './define';
import { agentOps } from './agent';
import { gamesOps } from './games';
import { lotteryOps } from './lottery';
import { memberOps } from './member';
import { messagesOps } from './messages';
import { pointsOps } from './points';
import { promotionsOps } from './promotions';
import { sessionOps } from './session';
import { systemOps } from './system';
import { verificationOps } from './verification';
import { walletOps } from './wallet';

export const operations = {
  ...sessionOps,
  ...verificationOps,
  ...systemOps,
  ...memberOps,
  ...walletOps,
  ...gamesOps,
  ...lotteryOps,
  ...pointsOps,
  ...promotionsOps,
  ...messagesOps,
  ...agentOps,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

export const operationList: AnyOperation[] = Object.values(operations) as AnyOperation[];

/** Aliases of the generated contract types used by the member centre (no hand-written API types in web/). */
import type { OpValue } from '../../api/types';

export type Transaction = OpValue<'getAccountRecords'>['list'][number];
export type BetRecord = OpValue<'getBettingRecords'>['list'][number];
export type PersonalProfit = OpValue<'getPersonalProfit'>;
export type DepositChannel = OpValue<'getDepositChannels'>[number];
export type WithdrawInfo = OpValue<'getWithdrawInfo'>;
export type PayoutAccount = WithdrawInfo['accounts'][number];
export type RewardPromotion = OpValue<'getRewardCenter'>[number];
export type ActivityStatus = RewardPromotion['status'];
export type Mission = OpValue<'getMissionLeaderboard'>['missions'][number];
export type Message = OpValue<'getMessages'>['list'][number];
export type Rebate = OpValue<'getRebate'>;
export type MerchantWallet = OpValue<'getMerchantWallet'>;
export type Funds = OpValue<'getConsolidatedFunds'>;

/** The member centre's page ids, in the member menu's order. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export function isMemberPage(page: string): page is MemberPage {
  return (MEMBER_PAGES as readonly string[]).includes(page);
}

/** Wallet routes: balance, transfers, deposit, withdrawal, records, profit and loss, bonus, rebate. */
import type { FastifyInstance } from 'fastify';
import { walletOps } from '../../openapi/wallet';
import { registerArea } from '../contract';
import { reviewRedemptions } from '../sim/points';
import * as wallet from '../sim/wallet';

/** Wallet routes plugin: every money movement goes through the simulator's ledger. */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, walletOps, {
    getBalance: ({ sim, me }) => {
      const account = me();
      // Redemptions decided since the last look may have credited the wallet.
      reviewRedemptions(sim, account);
      return {
        sumBalance: wallet.sumBalance(sim, account.account),
        currency: sim.world.brand.currency,
      };
    },

    getMerchantWallet: ({ sim }) => ({ isSingle: true, wallets: wallet.walletVendors(sim) }),

    walletTransfer: ({ sim, me, body }) => {
      wallet.assertMoney(body.amount, 'body/amount');
      return { sumBalance: wallet.transfer(sim, me(), body.from, body.to, body.amount) };
    },

    getDepositChannels: () => wallet.DEPOSIT_CHANNELS.map((c) => ({ ...c })),

    deposit: ({ sim, me, body }) => {
      wallet.assertMoney(body.amount, 'body/amount');
      return wallet.txView(
        wallet.deposit(sim, me(), body.channelId, body.amount, body.promotionId),
      );
    },

    getWithdrawInfo: ({ sim, me }) => wallet.withdrawInfo(sim, me()),

    withdraw: ({ sim, me, body }) => {
      wallet.assertMoney(body.amount, 'body/amount');
      return wallet.txView(
        wallet.withdraw(sim, me(), body.amount, body.accountId, body.paymentPassword),
      );
    },

    confirmWithdrawReceived: ({ sim, me, body }) =>
      wallet.txView(wallet.confirmWithdrawal(sim, me(), body.id)),

    transferToUpline: ({ sim, me, body }) => {
      wallet.assertMoney(body.amount, 'body/amount');
      return wallet.txView(wallet.transferToUpline(sim, me(), body.amount, body.paymentPassword));
    },

    getBettingRecords: ({ sim, me, query }) => wallet.bettingRecords(sim, me().account, query),

    getAccountRecords: ({ sim, me, query }) => {
      const account = me();
      reviewRedemptions(sim, account);
      return wallet.accountRecords(sim, account.account, query);
    },

    getPersonalProfit: ({ sim, me, query }) => wallet.personalProfit(sim, me().account, query),

    getBonusDetails: ({ sim, me, query }) => wallet.bonusRecords(sim, me().account, query),

    getRebate: ({ sim, me }) => wallet.rebate(sim, me().account),

    claimRebate: ({ sim, me }) => wallet.txView(wallet.claimRebate(sim, me().account)),
  });
}

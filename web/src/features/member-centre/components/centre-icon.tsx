/** Icons of the member centre menu, drawn like src/ui/icons (24-unit grid, 1.8 stroke). Decorative. */
import { SvgIcon } from '../../../ui/svg-icon';
import type { MemberPage } from '../types';

const paths: Record<MemberPage, string> = {
  securityCenter:
    'M12 3l7 3v5c0 5-3 8.5-7 10-4-1.5-7-5-7-10V6zM12 8.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM8.8 16a3.4 3.4 0 0 1 6.4 0',
  transferFund: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-4v4M16 13.5h.01',
  depositv2: 'M12 3v10M8 9l4 4 4-4M3 15v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4',
  withdraw: 'M12 13V3M8 7l4-4 4 4M3 15v4a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4',
  transferUpline: 'M7 20V8M3 12l4-4 4 4M17 4v12M13 12l4 4 4-4',
  personalHistoryCopy: 'M4 6h16v12H4zM4 10h16M8 14h3',
  transactionHistory: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  personalProfit: 'M4 20V4M4 20h16M8 15l3-4 3 2 5-6',
  bonusDetails: 'M3 10h18v11H3zM12 10v11M2 6h20v4H2zM12 6c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1',
  rewardCenter: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4',
  referral: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2M17 13v8M13 17h8',
  missionLeaderboard: 'M5 21V4M5 4h11l-2 4 2 4H5',
  messageV2: 'M3 5h18v14H3zM3 6l9 7 9-7',
  manualRebate:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15 8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3 6 1.5 6 4.5 0 1.3-1.2 2.2-3 2.2-1.4 0-2.5-.6-3.1-1.5M12 5.5V7M12 17v1.5',
};

export function CentreIcon({ page, size = 20 }: { page: MemberPage; size?: number }) {
  return <SvgIcon d={paths[page]} size={size} />;
}

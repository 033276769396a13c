/** Section 'lottery'. */
export { LotteryPage as default } from '../../features/lottery/lottery-page';

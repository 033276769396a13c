/** Section 'vnlottery'. */
export { VnLotteryPage as default } from '../../features/vn-lottery/vn-lottery-page';

/** Section 'promo': the promotions list. */
export { PromotionsPage as default } from '../../features/promotions/promotions-page';

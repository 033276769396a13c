/** Section 'promoDetail'. */
export { PromoDetailPage as default } from '../../features/promotions/promo-detail-page';

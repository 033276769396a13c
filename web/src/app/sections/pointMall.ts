/** Section 'pointMall'. */
export { PointMallPage as default } from '../../features/point-mall/point-mall-page';

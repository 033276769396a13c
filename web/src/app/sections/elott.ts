/** Section 'elott'. */
export { ElottPage as default } from '../../features/elott/elott-page';

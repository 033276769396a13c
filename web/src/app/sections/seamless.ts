/** Section 'seamless'. */
export { SeamlessPage as default } from '../../features/games/seamless-page';

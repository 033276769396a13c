/** Section 'egame': the game category pages /rng /pvp /live /fish /sports /esports /inhouse. */
export { CategoryPage as default } from '../../features/games/category-page';

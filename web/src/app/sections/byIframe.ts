/** Section 'byIframe': the game iframe page /game. */
export { GamePage as default } from '../../features/games/game-page';

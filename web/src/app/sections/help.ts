/** The user protocol page /help. */
export { HelpPage as default } from '../../features/help/help-page';

/** The help centre /helpmc. */
export { HelpCentrePage as default } from '../../features/help/help-centre-page';

/** The registration page /register. */
export { RegisterPage as default } from '../../features/register/register-page';

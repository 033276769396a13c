/**
 * The account name of the last login in this tab, in memory only: after a forced password change
 * the login form opens again with it filled in. Never a password.
 */
export const lastLogin = { username: '' };

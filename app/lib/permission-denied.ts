/**
 * Spec §6: a guarded page redirects to / with 'You do not have permission to access this page'. The redirect
 * carries this query flag; the shell shows the toast once and removes the flag from the address
 * (docs/decisions/0012-roles-and-permissions.md).
 */
export const PERMISSION_DENIED_PARAM = "denied";
export const PERMISSION_DENIED_PATH = `/?${PERMISSION_DENIED_PARAM}=1`;

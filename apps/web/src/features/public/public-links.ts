/** Where the landing page's calls to action go; the auth screen reads `mode` to open in sign-up. */
export const SIGN_IN_HREF = '/auth';
export const SIGN_UP_HREF = '/auth?mode=signup';
export const CONTACT_HREF = '/contact';
export const LANDING_HREF = '/landing';
/** The server's rendered OpenAPI document (docs/api.md). */
export const API_DOCS_HREF = '/api/docs';
/** The public password-reset pages (features/password-reset). */
export const FORGOT_PASSWORD_HREF = '/forgot-password';

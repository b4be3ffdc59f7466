// Better Auth has some fifty endpoints; over HTTP the product uses only these (the web app's
// account calls and the reset link in the email), and /api/auth serves nothing else (app.ts).
// Each is described by hand in the API document (api-docs/auth-endpoints.ts); a test compares
// what is served with what is documented. Everything else (get-session, which handed the
// session token to page scripts; change-password, counted apart from the profile's limit;
// list-sessions, revoke-*, verify-password, update-user, the admin plugin's...) answers 404
// over HTTP, while the server still calls what it needs (getSession, changePassword,
// verifyEmail) in-process.

interface ServedAuthEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/auth; `{name}` is one path segment. */
  path: string;
}

const SERVED_AUTH_ENDPOINTS: readonly ServedAuthEndpoint[] = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'POST', path: '/request-password-reset' },
  { method: 'POST', path: '/reset-password' },
  // The link in the reset email: checks the token and redirects to our /reset-password page.
  { method: 'GET', path: '/reset-password/{token}' },
];

const matchers = SERVED_AUTH_ENDPOINTS.map((e) => ({
  method: e.method,
  pattern: new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** `path` is the part after /api/auth. */
export function isServedAuthEndpoint(method: string, path: string): boolean {
  return matchers.some((m) => m.method === method && m.pattern.test(path));
}

// A cut connection to PostgreSQL (the server restarted, a backend terminated, the network gone)
// once answered a generic 500. It passes by itself (the pool opens a new connection for the next
// request), so app.ts answers it 503 DATABASE_UNAVAILABLE with Retry-After instead; a transaction
// that was cut is rolled back by the server, so nothing of it is half-written. Our own closed
// database (a process shutting down) and every other failure stay the generic 500.

/** PostgreSQL's codes for a connection that ended or could not be made (admin shutdown, crash, too many). */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
/** node's codes for a socket that was refused, reset or timed out. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** pg's own words for a connection that ended or timed out (it gives them no code). */
const CONNECTION_WORDS = /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i;

/** Whether `err` (or what it wraps, as drizzle's "Failed query" does) is a lost database connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let fromDatabase = false;
  let lost = false;
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as {
      code?: unknown;
      severity?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.name === 'DrizzleQueryError' || message.startsWith('Failed query') || e.severity !== undefined) {
      fromDatabase = true;
    }
    if (CONNECTION_WORDS.test(message)) fromDatabase = lost = true;
    if (CONNECTION_CODES.has(code)) fromDatabase = lost = true;
    if (SOCKET_CODES.has(code)) lost = true;
    current = e.cause;
  }
  return fromDatabase && lost;
}

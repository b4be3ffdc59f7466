import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process: the app sends over SMTP, tests read what arrived.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded message text (quoted-printable undone), for finding links and amounts. */
  body: string;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** Fails the next delivery attempts with a 4xx (n times), to test retries. */
  failNext(n: number): void;
  /**
   * An outage: every connection is turned away at its greeting (421, "service not available")
   * until `up()`. The server keeps its port the whole time, so no other process can take the
   * address the app sends to while the mail server is "down" (a closed port can be re-used).
   */
  down(): void;
  up(): void;
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a mail whose path contains `fragment`. */
export function findLink(mail: ReceivedMail, fragment: string): string {
  const link = mail.body.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in mail "${mail.subject}"`);
  return link.replace(/&amp;/g, '&');
}

/** A mail server on a port of the system's choosing (port 0, read back). */
export async function startSmtpServer(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  let isDown = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!isDown) return callback();
      callback(Object.assign(new Error('Mail service not available'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        // A long subject is folded over lines (RFC 5322): unfolding removes the line breaks only.
        const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        const subject = decodeEncodedWords(folded.replace(/\r?\n(?=[ \t])/g, '').trim());
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  // A client killed in the middle of a session (the crash tests SIGKILL the app while it sends)
  // resets its connection; smtp-server reports that as an 'error' event, which would otherwise
  // be thrown as an uncaught exception in the test process. The lost message is the test's to count.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    failNext(n) {
      failures = n;
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('No matching email arrived');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A header's RFC 2047 encoded words in plain text: nodemailer writes a subject with quotes or
 * non-ASCII letters as `=?UTF-8?Q?...?=` (or `?B?`), split over several words.
 */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

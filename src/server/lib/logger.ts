import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

interface LoggerOptions {
  /** Readable lines instead of JSON: for a person at a terminal, never in production. */
  pretty?: boolean;
  /** Where pretty lines go (stdout unless a test collects them). */
  destination?: NodeJS.WritableStream;
}

/**
 * Production logs are JSON lines, one per event, for whatever collects them. In development at
 * a terminal the same events print as words (`logPretty`), so `npm start` greets a newcomer
 * with sentences, not JSON.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const base = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (!options.pretty) return pino(base);
  const stream = pretty({
    colorize: options.destination === undefined,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
    ...(options.destination ? { destination: options.destination } : {}),
  });
  return pino(base, stream);
}

/** Pretty logs only where a person reads them: a terminal, in development. */
export function logPretty(env: string, isTerminal: boolean | undefined): boolean {
  return env === 'development' && isTerminal === true;
}

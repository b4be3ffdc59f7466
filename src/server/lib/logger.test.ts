import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logPretty } from './logger';

describe('logs', () => {
  it('are words at a terminal in development and JSON lines in production or when piped', () => {
    expect(logPretty('development', true)).toBe(true);
    expect(logPretty('test', true)).toBe(false);
    expect(logPretty('production', true)).toBe(false);
    expect(logPretty('development', false)).toBe(false);
    expect(logPretty('development', undefined)).toBe(false);
  });

  it('print a pretty event as a readable line, not JSON', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk) => {
      text += String(chunk);
    });
    const log = createLogger('info', { pretty: true, destination: out });
    log.info({ port: 3000 }, 'Rakbuku is ready');
    await new Promise((resolve) => setImmediate(resolve));
    expect(text).toContain('INFO');
    expect(text).toContain('Rakbuku is ready');
    expect(text).toMatch(/port: 3000/);
    expect(() => JSON.parse(text.split('\n')[0] ?? '')).toThrow();
  });
});

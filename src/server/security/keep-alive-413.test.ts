import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { JSON_BODY_MAX_BYTES } from './json-body-limit';

// A 413 is answered before the body is read. The Node adapter then tries to drain the unread
// body for half a second and drops the socket: an answer that said keep-alive lost the client's
// next request on that socket. The answer now says `Connection: close`, or the socket stays usable.

let ctx: TestContext;
let server: ServerType;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext();
  server = serve({ fetch: ctx.runtime.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

/** Reads one HTTP/1.1 answer (headers and a Content-Length body) from the socket. */
function readAnswer(
  socket: Socket,
  buffered: { data: string },
): Promise<{ head: string; body: string } | null> {
  return new Promise((resolve) => {
    const tryParse = () => {
      const end = buffered.data.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = buffered.data.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.data.length < end + 4 + length) return false;
      const body = buffered.data.slice(end + 4, end + 4 + length);
      buffered.data = buffered.data.slice(end + 4 + length);
      resolve({ head, body });
      return true;
    };
    if (tryParse()) return;
    const onData = (chunk: Buffer) => {
      buffered.data += chunk.toString('latin1');
      if (tryParse()) done();
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const done = () => {
      socket.off('data', onData);
      socket.off('close', onEnd);
    };
    socket.on('data', onData);
    socket.on('close', onEnd);
  });
}

describe('a 413 on a keep-alive connection', () => {
  it('answers Connection: close, or the next request on the same socket is answered', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const buffered = { data: '' };
    const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES * 16) });
    const origin = 'http://localhost:3000';
    socket.write(
      `PATCH /api/profile HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n`,
    );
    // Only a first slice of the body, as a slow client would: the rest never comes before the answer.
    socket.write(big.slice(0, 1024));
    const first = await readAnswer(socket, buffered);
    expect(first?.head).toMatch(/^HTTP\/1\.1 413/);
    const saysClose = /^connection:\s*close/im.test(first!.head);

    // A second request on the same socket after the adapter's drain time has passed.
    await new Promise((r) => setTimeout(r, 700));
    let second: { head: string } | null = null;
    if (!socket.destroyed && socket.writable) {
      socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      second = await readAnswer(socket, buffered);
    }
    socket.destroy();
    const usable = second !== null && /^HTTP\/1\.1 200/.test(second.head);
    expect(saysClose || usable, `413 said: ${first!.head}`).toBe(true);
  });
});

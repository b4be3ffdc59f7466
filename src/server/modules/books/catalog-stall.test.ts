import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { type Database, openDatabase } from '@server/db/client';
import { createBook, createUser } from '@server/seed/factories';
import { createLogger } from '@server/lib/logger';
import { createRuntime, type Runtime } from '@server/runtime';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';

// After PostgreSQL accepted connections but answered nothing for about a
// second, /api/books hung until a restart (every catalog request waited on one shared version
// read) while /api/health said ok. A TCP proxy in front of the real server swallows everything
// for a second; afterwards the catalog must answer again, in the same process. Needs a PostgreSQL
// server (PGlite has no network): TEST_DATABASE_URL, else the local one.

const serverUrl = await findTestPostgres();

/** Forwards to `target`; while stalled it accepts connections and data and answers nothing. */
async function stallingProxy(target: URL) {
  let stalled = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(upstream);
    // Bytes sent during the stall are lost, like packets to a frozen host: whoever waits for
    // their answer waits until its own timeout.
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stall(on: boolean) {
      stalled = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!serverUrl)('a database that stalls for a second', () => {
  let real: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof stallingProxy>>;
  let database: Database;
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    real = await openTestDatabase(serverUrl!);
    await real.migrate();
    const owner = await createUser(real.db);
    for (let i = 0; i < 3; i++) await createBook(real.db, { ownerId: owner.id });
    proxy = await stallingProxy(new URL(real.url!));
    // Short limits so the test is quick; production uses DEFAULT_DATABASE_TIMEOUTS.
    database = await openDatabase({
      databaseUrl: proxy.url,
      poolSize: 4,
      timeouts: { connectMs: 1000, queryMs: 1500, statementMs: 1500 },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-stall-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.url,
      MAIL_TRANSPORT: 'none',
      EMAIL_WORKER: 'false',
      LOG_LEVEL: 'silent',
    });
    runtime = await createRuntime(config, { database, log: createLogger('silent') });
  });
  afterAll(async () => {
    await runtime?.close();
    await proxy?.close();
    await real?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await runtime.app.request(path);
    return res.status;
  };

  it('answers the catalog again once the stall ends, without a restart', async () => {
    expect(await get('/api/books')).toBe(200);
    expect(await get('/api/health')).toBe(200);

    proxy.stall(true);
    // Requests that arrive during the stall, on connections that are then stuck.
    const during = Promise.all(['/api/books', '/api/books?page=2', '/api/books?q=xyz'].map(get));
    await new Promise((r) => setTimeout(r, 1000));
    proxy.stall(false);
    // They end instead of hanging: late, or with an error (503 DATABASE_UNAVAILABLE when the
    // connection timed out, 500 when PostgreSQL cancelled the statement at its timeout).
    const statuses = await during;
    expect(
      statuses.every((s) => s === 200 || s === 500 || s === 503),
      String(statuses),
    ).toBe(true);

    // And the same process serves the catalog again within a few seconds, without a restart.
    const deadline = Date.now() + 10_000;
    let books = 0;
    while (Date.now() < deadline && books !== 200) {
      books = await Promise.race([
        get('/api/books'),
        new Promise<number>((r) => setTimeout(() => r(-1), 5000)),
      ]);
    }
    expect(books).toBe(200);
    expect(await get('/api/health')).toBe(200);
  }, 30_000);

  it('health reports the database down while it stalls (it used to say ok)', async () => {
    proxy.stall(true);
    try {
      expect(await get('/api/health')).toBe(503);
    } finally {
      proxy.stall(false);
    }
    const deadline = Date.now() + 10_000;
    let health = 0;
    while (Date.now() < deadline && health !== 200) health = await get('/api/health');
    expect(health).toBe(200);
  }, 30_000);
});

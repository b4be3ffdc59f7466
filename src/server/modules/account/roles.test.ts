import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteConfiguredAdmin } from '@server/auth/auth';
import { openDatabase } from '@server/db/client';
import { createUser } from '@server/seed/factories';
import { user } from '@server/db/schema';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { clearRateLimits, signUpBody } from '@tests/support/account-fixtures';
import { englishCode } from '@tests/support/texts';
import type { AccountApi } from './routes';
import type { AdminApi } from '@server/modules/admin/routes';

const run = promisify(execFile);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL: 'Boss@Example.com' });
});
afterAll(() => ctx.close());

const roleOf = async (email: string) =>
  (await ctx.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describe('roles (D12)', () => {
  it('GET /api/me tells the web app the role', async () => {
    const admin = await ctx.admin();
    const member = await ctx.member();
    expect((await ctx.answer(ctx.client<AccountApi>(admin.cookie).me.$get())).body.user.role).toBe('admin');
    expect((await ctx.answer(ctx.client<AccountApi>(member.cookie).me.$get())).body.user.role).toBe('user');
  });

  it("refuses a member on an admin-only endpoint with 403 and the spec's message; a guest with 401", async () => {
    const member = await ctx.member();
    const res = await ctx.answer(ctx.client<AdminApi>(member.cookie).admin.stats.$get());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(englishCode('ADMIN_ONLY'));
    expect((await ctx.answer(ctx.client<AdminApi>().admin.stats.$get())).status).toBe(401);
  });

  it("closes the admin plugin's HTTP endpoints: roles change only through our admin API", async () => {
    const admin = await ctx.admin();
    const member = await ctx.member();
    for (const cookie of [admin.cookie, member.cookie]) {
      const res = await ctx.rawRequest('POST', '/api/auth/admin/set-role', {
        cookie,
        body: { userId: member.user.id, role: 'admin' },
      });
      expect(res.status).toBe(404);
    }
    expect(await roleOf(member.user.email)).toBe('user');
  });

  it('makes the ADMIN_EMAIL account an admin as soon as it signs up', async () => {
    await clearRateLimits(ctx);
    const res = await ctx.rawRequest('POST', '/api/auth/sign-up/email', {
      body: signUpBody({ email: 'boss@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(await roleOf('boss@example.com')).toBe('admin');
    const other = signUpBody();
    await ctx.rawRequest('POST', '/api/auth/sign-up/email', { body: other });
    expect(await roleOf(other.email)).toBe('user');
  });

  it('promotes an existing ADMIN_EMAIL account at startup', async () => {
    const existing = await createUser(ctx.db, { email: 'later-boss@example.com' });
    await promoteConfiguredAdmin(ctx.db, 'later-boss@example.com');
    expect(await roleOf(existing.email)).toBe('admin');
  });
});

describe('npm run cli -- make-admin <email>', () => {
  it('promotes the account, and fails clearly for an unknown email', async () => {
    // The command opens its own database: an embedded one in a temporary DATA_DIR, or a
    // fresh database on the server when the tests run on PostgreSQL.
    const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-cli-'));
    const serverDb = (ctx.runtime.database as { url?: string | null }).url ?? null;
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(serverDb ? { DATABASE_URL: serverDb } : { DATABASE_URL: '' }),
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env, cwd: process.cwd() });
    try {
      let db = serverDb ? ctx.db : null;
      let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
      if (!db) {
        database = await openDatabase({ databaseUrl: null, dataDir });
        await database.migrate();
        db = database.db;
      }
      const member = await createUser(db, { email: 'cli-member@example.com' });
      await database?.close();

      const ok = await cli('make-admin', 'CLI-Member@example.com');
      expect(ok.stdout).toContain('is now an admin');
      await expect(cli('make-admin', 'nobody@example.com')).rejects.toMatchObject({
        stderr: expect.stringContaining('No account with the email nobody@example.com'),
      });

      if (!serverDb) {
        database = await openDatabase({ databaseUrl: null, dataDir });
        db = database.db;
      }
      const [row] = await db!.select({ role: user.role }).from(user).where(eq(user.id, member.id));
      await database?.close();
      expect(row.role).toBe('admin');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000); // two cold starts of the CLI (tsx + database) on a busy machine
});

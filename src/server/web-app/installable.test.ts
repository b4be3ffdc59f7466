import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';

// The installable app's files (vite.config.ts writes them into the build): the server answers
// the manifest, the icons and offline.html as public files, and the service worker so that a
// browser checking for a new version always sees the one deployed.

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'rakbuku-installable-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><head><title>Rakbuku</title></head><div id="root"></div>',
  );
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Rakbuku"}');
  writeFileSync(join(dist, 'offline.html'), '<!doctype html><title>offline</title><h1>You are offline</h1>');
  writeFileSync(join(dist, 'other.html'), '<!doctype html><title>not public</title>');
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string) => ctx.runtime.app.request(path);

describe('the installable app’s files', () => {
  it('the service worker is served as JavaScript and never kept by a cache', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('the manifest is a manifest, and it and the icons are kept an hour like other public files', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('public, max-age=3600');
    const icon = await get('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('offline.html is served as itself; any other .html path is a page of the app', async () => {
    const offline = await get('/offline.html');
    expect(offline.status).toBe(200);
    expect(await offline.text()).toContain('You are offline');
    const other = await get('/other.html');
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('<div id="root">');
  });
});

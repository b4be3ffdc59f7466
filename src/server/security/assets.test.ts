import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';

// Built assets: the brotli or gzip copy the build made, whichever the browser
// accepts, with Content-Encoding, Vary and a year-long immutable cache.

const SCRIPT = `console.log(${JSON.stringify('rakbuku '.repeat(400))});`;

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'rakbuku-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rakbuku</title>');
  const file = join(dist, 'assets', 'index-abc123.js');
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'plain-abc123.css'), 'body{color:red}');
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string) =>
  ctx.runtime.app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built assets', () => {
  it('serve brotli to a browser that accepts it, else gzip, else the file itself', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('serve a file without compressed copies as it is, and leave unknown names to the usual answer', async () => {
    const css = await get('/assets/plain-abc123.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await css.text()).toBe('body{color:red}');
    const missing = await get('/assets/missing-000.js', 'br');
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(missing.headers.get('content-type')).not.toContain('javascript');
    expect((await get('/assets/..%2Findex.html', 'br')).headers.get('content-encoding')).toBeNull();
  });
});

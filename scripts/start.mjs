#!/usr/bin/env node
// npm start: build the web app when the build is missing or older than its sources, then
// run the server (TypeScript through tsx) on PORT. Signals pass through for a clean shutdown.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const distDir = process.env.WEB_DIST_DIR ?? join(root, 'dist/web');
const indexFile = join(distDir, 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json']
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(indexFile) || Math.max(...sources.map(newestMtime)) > statSync(indexFile).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST_DIR: distDir },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST_DIR: distDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

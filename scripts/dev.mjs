#!/usr/bin/env node
// npm run dev: the API with reload (tsx watch) on API_PORT (3001) and Vite with hot reload on
// 5173, which proxies /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

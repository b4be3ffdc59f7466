#!/usr/bin/env node
// The package registry these machines reach serves only the linux-x64 builds of packages that
// ship one build per platform (biome, tailwind's oxide, esbuild...), so `npm install` leaves the
// other platforms' optional packages out of package-lock.json, and `npm ci` then refuses the
// lock as out of sync. This adds a bare optional entry for each missing one: npm ci accepts the
// lock and skips them as optional. Run it after every change to package-lock.json (.ci/run does).
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (packages[`node_modules/${name}`] || packages[`${path}/node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, ...(meta.dev ? { dev: true } : {}), optional: true };
    added++;
  }
}
if (added > 0) {
  const entries = Object.entries(packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  );
  lock.packages = Object.fromEntries(entries);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`complete-lockfile: ${added} optional platform entries added`);

// `npm run bench -- <name>`: each benchmark is a module here with a `run(args)` export.
const BENCHMARKS: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  catalog: () => import('./catalog'),
  load: () => import('./load'),
  growth: () => import('./growth'),
  web: () => import('./web'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? BENCHMARKS[name] : undefined;
if (!load) {
  console.error(`Usage: npm run bench -- <${Object.keys(BENCHMARKS).join(' | ')}>`);
  process.exit(2);
}
await (await load()).run(args);

export {};

import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Import aliases (@domain, @server, @tests, ...) from tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/crash/**/*.test.ts',
      'tests/instances/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each API test file opens its own database; two at a time fits the 2-core machines.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const sharedSrc = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
// Tests import the shared package from source, so no build is needed before `vitest`.
const alias = [{ find: /^@omnicare\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }];

/** The server's integration tests: a real PostgreSQL per worker (global-setup.ts). */
const serverTest = {
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  // The files of a worker share one module graph: each file builds its own app and database
  // state anyway, and importing the whole server afresh per file cost more than its tests.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Vitest's default here would be one (cores - 1); the server suite's files wait on PostgreSQL
    // more than they compute, and each worker has its own database (server global-setup.ts).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
        resolve: { alias },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.perf.test.ts', '**/node_modules/**'],
          ...serverTest,
        },
        resolve: { alias },
      },
      {
        // Statements per operation: counts of what the server sends PostgreSQL for one change or
        // decision (`*.perf.test.ts`), apart from the behaviour suite.
        test: { name: 'perf', include: ['apps/server/src/**/*.perf.test.ts'], ...serverTest },
        resolve: { alias },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Some tests type many keystrokes into forms that re-render on each: seconds on a
          // loaded two-core machine, over the default 5 s.
          testTimeout: 20_000,
        },
        resolve: { alias: [...alias, { find: /^@\/(.*)$/, replacement: `${webSrc}$1` }] },
      },
      {
        // The livechat widget (plain TypeScript and DOM, no React): its logic and its drawing.
        test: { name: 'widget', include: ['apps/web/widget/**/*.test.ts'], environment: 'jsdom' },
        resolve: { alias },
      },
    ],
  },
});

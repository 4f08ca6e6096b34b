import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const sharedSrc = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
// Tests import the shared package from source, so no build is needed before `vitest`.
const alias = [{ find: /^@omnicare\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }];

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
        resolve: { alias },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
        resolve: { alias },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
        resolve: { alias: [...alias, { find: /^@\/(.*)$/, replacement: `${webSrc}$1` }] },
      },
    ],
  },
});

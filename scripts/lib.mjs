// Helpers shared by `npm start`, `npm test` and the build: install and build only what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const at = (...parts) => path.join(root, ...parts);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
  }
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function newestIn(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestIn(path.join(target, entry)));
  }
  return newest;
}

/** npm ci on a fresh clone; npm install when the lockfile changed since the last install. */
export function ensureInstalled() {
  const marker = at('node_modules', '.package-lock.json');
  if (!existsSync(marker)) {
    console.log('Installing dependencies (npm ci)...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  } else if (mtime(at('package-lock.json')) > mtime(marker)) {
    console.log('Dependencies changed, installing...');
    run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

const BUILD_INPUTS = [
  'packages/shared/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/widget',
  'scripts/build-widget.mjs',
  'scripts/lib/precompress.mjs',
  'package-lock.json',
];
const BUILD_STAMP = at('apps', 'server', 'dist', '.build-stamp');

export function buildIsStale() {
  const newestInput = Math.max(...BUILD_INPUTS.map((input) => newestIn(at(input))));
  return newestInput > mtime(BUILD_STAMP);
}

/**
 * Shared package and server with tsc, the web app with Vite, the livechat widget with esbuild,
 * then brotli and gzip copies of the web app's text files (the server sends those as they are).
 */
export function build() {
  console.log('Building...');
  run('npx', ['tsc', '-b', 'packages/shared', 'apps/server']);
  run('node', ['apps/server/scripts/copy-migrations.mjs']);
  // Production whoever asks: a build started under vitest (NODE_ENV=test, the start-command
  // test) would otherwise bundle React's development build.
  run('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: at('apps', 'web'),
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // After Vite, which empties dist/: the livechat widget's loader and opened app (size-checked).
  run('node', [at('scripts', 'build-widget.mjs')]);
  run('node', [at('scripts', 'lib', 'precompress.mjs'), at('apps', 'web', 'dist')]);
  writeFileSync(BUILD_STAMP, new Date().toISOString());
}

export function ensureBuilt() {
  if (buildIsStale()) build();
}

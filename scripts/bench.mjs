// npm run bench <name>: runs scripts/bench/<name>.mjs (figures are printed, never asserted).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { at } from './lib.mjs';

const name = process.argv[2];
const available = readdirSync(at('scripts', 'bench'))
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_'))
  .map((f) => f.slice(0, -4));
if (!name || !available.includes(name)) {
  console.log(`usage: npm run bench <${available.join('|')}>`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(
  process.execPath,
  [at('scripts', 'bench', `${name}.mjs`), ...process.argv.slice(3)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

// The livechat widget (apps/web/widget): `dist/widget.js`, the loader a site embeds, and
// `dist/widget/app.<hash>.js`, the opened widget it loads on demand. Prints both sizes gzipped
// and fails when the loader reaches 5 KB or loader and app together 35 KB (issue 31's budget).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'apps', 'web', 'widget');
const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.join(root, 'apps', 'web', 'dist');
const LOADER_BUDGET = 5 * 1024;
const OPENED_BUDGET = 35 * 1024;

/**
 * `@omnicare/shared/<path>` from source, like the tests. The widget imports the contract's
 * constants from modules that also declare zod schemas; zod itself is replaced by an inert
 * stand-in (any property or call answers itself), so the declarations run without it and no
 * validator is shipped. The widget never validates with a schema.
 */
const contractWithoutZod = {
  name: 'contract-without-zod',
  setup(builder) {
    builder.onResolve({ filter: /^@omnicare\/shared\// }, (args) => ({
      path: path.join(
        root,
        'packages',
        'shared',
        'src',
        `${args.path.slice('@omnicare/shared/'.length)}.ts`,
      ),
    }));
    builder.onResolve({ filter: /^zod(\/.*)?$/ }, () => ({ path: 'zod', namespace: 'inert' }));
    builder.onLoad({ filter: /.*/, namespace: 'inert' }, () => ({
      contents:
        'const z = new Proxy(function () {}, { get: () => z, apply: () => z }); export { z };',
      loader: 'js',
    }));
  },
};

const options = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  platform: 'browser',
  charset: 'utf8',
  legalComments: 'none',
  write: false,
  metafile: true,
  absWorkingDir: root,
  plugins: [contractWithoutZod],
};

async function bundle(entry, define = {}) {
  const result = await build({ ...options, entryPoints: [path.join(source, entry)], define });
  const heavy = Object.keys(result.metafile.inputs).filter((input) =>
    /node_modules\/(zod|react|react-dom)\//.test(input),
  );
  if (heavy.length) throw new Error(`${entry} pulls in ${heavy.join(', ')}`);
  return Buffer.from(result.outputFiles[0].contents);
}

const app = await bundle('app/main.ts');
const appFile = `widget/app.${createHash('sha256').update(app).digest('hex').slice(0, 10)}.js`;
const loader = await bundle('loader/main.ts', { __WIDGET_APP__: JSON.stringify(appFile) });

rmSync(path.join(dist, 'widget'), { recursive: true, force: true });
mkdirSync(path.join(dist, 'widget'), { recursive: true });
writeFileSync(path.join(dist, appFile), app);
writeFileSync(path.join(dist, 'widget.js'), loader);

const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const loaderGz = gzipped(loader);
const appGz = gzipped(app);
console.log(
  `widget: loader widget.js ${kb(loader.length)} (${kb(loaderGz)} gzip), ` +
    `${appFile} ${kb(app.length)} (${kb(appGz)} gzip), opened ${kb(loaderGz + appGz)} gzip`,
);
const over = [];
if (loaderGz >= LOADER_BUDGET) over.push(`the loader is ${kb(loaderGz)} gzip (budget 5 KB)`);
if (loaderGz + appGz >= OPENED_BUDGET) {
  over.push(`the opened widget is ${kb(loaderGz + appGz)} gzip (budget 35 KB)`);
}
if (over.length) {
  console.error(`widget: ${over.join('; ')}`);
  process.exit(1);
}

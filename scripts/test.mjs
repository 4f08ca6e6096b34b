// npm test: the whole suite (unit, server integration on a real PostgreSQL, browser end to end).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { runE2E } from './e2e.mjs';

ensureInstalled();
ensureBuilt();

const reports = mkdtempSync(path.join(os.tmpdir(), 'omnicare-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

const e2eReport = path.join(reports, 'playwright.json');
const e2eCode = await runE2E({ reportFile: e2eReport });

function failedVitestTests(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that fails to load has no test results, only its message.
    if (file.status === 'failed' && tests.length === 0) return [`${where} (${file.message})`];
    return tests.map(
      (test) => `${where} › ${test.fullName}: ${test.failureMessages[0]?.split('\n')[0] ?? ''}`,
    );
  });
}

function failedBrowserTests(report) {
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') failed.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return failed;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const v = readJson(vitestReport);
const p = readJson(e2eReport);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
const failed = (v ? v.numFailedTests : 1) + (p ? p.stats.unexpected : 1);
const skipped = (v?.numPendingTests ?? 0) + (p?.stats?.skipped ?? 0);
console.log(
  `\nunit + integration: ${v?.numPassedTests ?? 0} passed; browser: ${p?.stats?.expected ?? 0} passed`,
);
// The names again at the very end: a CI log is often read from its tail.
for (const name of [...failedVitestTests(v), ...failedBrowserTests(p)])
  console.log(`failed: ${name}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest.status === 0 && e2eCode === 0 && failed === 0 ? 0 : 1);

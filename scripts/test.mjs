// npm test: the whole suite (unit, server integration on a real PostgreSQL, browser end to end).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { runE2E } from './e2e.mjs';

ensureInstalled();
ensureBuilt();

const reports = mkdtempSync(path.join(os.tmpdir(), 'omnicare-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const vitestLog = path.join(reports, 'vitest.log');

/**
 * The browser suite, then vitest. Side by side they overloaded this two-core machine: the
 * browser servers, their databases and Chromium already keep both cores busy, and each test
 * of either took several times longer (47 min together against 27 + 6 apart).
 * `VITEST_BESIDE_E2E=1` runs them side by side again; vitest's output then goes to a file,
 * printed once it ends, so the two logs do not interleave.
 */
function runVitest({ toFile }) {
  const log = toFile ? openSync(vitestLog, 'w') : 'inherit';
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    { cwd: root, stdio: ['ignore', log, log] },
  );
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      if (toFile) closeSync(log);
      resolve(code ?? 1);
    }),
  );
}

const together = process.env.VITEST_BESIDE_E2E === '1';
const started = Date.now();
const vitestRun = together ? runVitest({ toFile: true }) : Promise.resolve(null);
if (together) console.log('vitest is running beside the browser suite; its log follows the end');
const e2eReport = path.join(reports, 'playwright.json');
const e2eCode = await runE2E({ reportFile: e2eReport });
const e2eSeconds = Math.round((Date.now() - started) / 1000);
const vitestCode = (await vitestRun) ?? (await runVitest({ toFile: false }));
if (together) process.stdout.write(readFileSync(vitestLog, 'utf8'));
console.log(
  `\nbrowser suite ended after ${e2eSeconds} s; all after ${Math.round((Date.now() - started) / 1000)} s`,
);

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

/** The browser tests of a status: 'unexpected' failed twice, 'flaky' passed on the retry. */
function browserTests(report, status) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) found.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return found;
}

/** Seconds each browser spec file took (every try of every test), longest first. */
function browserFileSeconds(report) {
  const seconds = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          seconds.set(spec.file, (seconds.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return [...seconds].sort((a, b) => b[1] - a[1]);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const v = readJson(vitestReport);
const p = readJson(e2eReport);
const browserPassed = (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
const passed = (v?.numPassedTests ?? 0) + browserPassed;
const failed = (v ? v.numFailedTests : 1) + (p ? p.stats.unexpected : 1);
const skipped = (v?.numPendingTests ?? 0) + (p?.stats?.skipped ?? 0);
console.log(
  `\nunit + integration: ${v?.numPassedTests ?? 0} passed; browser: ${browserPassed} passed`,
);
const slowest = browserFileSeconds(p).slice(0, 8);
if (slowest.length > 0)
  console.log(
    `slowest browser files: ${slowest.map(([file, s]) => `${file} ${Math.round(s)} s`).join(', ')}`,
  );
// The names again at the very end: a CI log is often read from its tail.
for (const name of browserTests(p, 'flaky')) console.log(`passed on its second try: ${name}`);
for (const name of [...failedVitestTests(v), ...browserTests(p, 'unexpected')])
  console.log(`failed: ${name}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestCode === 0 && e2eCode === 0 && failed === 0 ? 0 : 1);

// Sums the JSON reports of every suite into the closing line "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const suites = [
  ['vitest-pglite.json', 'vitest'],
  ['vitest-postgres.json', 'vitest'],
  ['playwright.json', 'playwright'],
];
let missing = false;
for (const [file, kind] of suites) {
  const path = join(dir, file);
  if (!existsSync(path)) {
    console.error(`missing report: ${file} (the suite did not run)`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (kind === 'vitest') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    if (report.errors?.length) failed += report.errors.length;
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || missing ? 1 : 0);

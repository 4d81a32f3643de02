// Totals vitest and Playwright JSON reports into the one closing line CI is read by.
// A missing or unreadable report counts as one failed test: a suite that never ran proved nothing.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${file}: no report`);
    failed += 1;
    continue;
  }
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    const ok = report.stats.expected + report.stats.flaky;
    passed += ok;
    failed += report.stats.unexpected;
    console.log(`${file}: ${ok} passed (${report.stats.flaky} flaky), ${report.stats.unexpected} failed`);
  } else {
    console.log(`${file}: unrecognised report`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

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
    for (const suite of report.testResults ?? []) {
      for (const test of suite.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        console.log(`  failed: ${suite.name} › ${test.fullName}`);
        for (const message of test.failureMessages ?? [])
          console.log(`    ${message.split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
  } else if (report.stats) {
    const ok = report.stats.expected + report.stats.flaky;
    passed += ok;
    failed += report.stats.unexpected;
    console.log(`${file}: ${ok} passed (${report.stats.flaky} flaky), ${report.stats.unexpected} failed`);
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected' || test.status === 'flaky') {
            console.log(`  ${test.status}: ${[...path, spec.title].join(' › ')} (${test.projectName})`);
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  } else {
    console.log(`${file}: unrecognised report`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

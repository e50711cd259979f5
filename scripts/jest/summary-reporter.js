// Prints `jest: N passed, M failed` after the default reporter's summary. M counts failed tests
// plus test files that failed to run at all (syntax error, failing import, ...), so a broken
// file never reads as "0 failed". A run with no test at all is reported as an error.
// Under scripts/test.mjs (JEST_SUMMARY_FILE set) the line is written to that file instead, and
// test.mjs prints it once infrastructure is down, so that it is the very last line.
'use strict';
const fs = require('node:fs');

class SummaryReporter {
  constructor() {
    this._error = undefined;
  }

  onRunComplete(_contexts, r) {
    const passed = r.numPassedTests;
    const failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
    const total = passed + failed;
    const ok = failed === 0 && !r.runExecError && !(r.snapshot && r.snapshot.failure) && total > 0 && !r.wasInterrupted;
    if (passed + r.numFailedTests === 0 && r.numRuntimeErrorTestSuites === 0) {
      this._error = new Error('no tests ran');
    }
    const line = `jest: ${passed} passed, ${failed} failed`;
    const file = process.env.JEST_SUMMARY_FILE;
    if (file) {
      fs.writeFileSync(file, JSON.stringify({ line, passed, failed, ok }) + '\n');
    } else {
      process.stdout.write(`${line}\n`);
    }
  }

  getLastError() {
    return this._error;
  }
}

module.exports = SummaryReporter;

// Prints `jest: N passed, M failed` after the default reporter's summary. M counts failed tests
// plus test files that failed to run at all (syntax error, failing import, ...), so a broken
// file never reads as "0 failed". A run with no test at all is reported as an error.
// Under scripts/test.mjs (JEST_SUMMARY_FILE set) the line is written to that file instead, and
// test.mjs prints it once infrastructure is down, so that it is the very last line.
// With it go the failed tests, a line each (file, test, the message's first lines): a CI log that
// keeps only its head and tail still says what failed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
const ANSI = /\u001b\[[0-9;]*m/g;
/** `failed: <file> › <test>: <message>`, the message's first meaningful lines joined, at most 600 characters. */
function failureLines(results) {
  const lines = [];
  const brief = (msg) =>
    String(msg ?? '')
      .replace(ANSI, '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('at '))
      .slice(0, 12)
      .join(' ⏎ ')
      .slice(0, 600);
  for (const file of results) {
    const rel = path.relative(process.cwd(), file.testFilePath);
    if (file.testExecError) lines.push(`failed: ${rel}: ${brief(file.testExecError.message)}`);
    for (const t of file.testResults ?? [])
      if (t.status === 'failed') lines.push(`failed: ${rel} › ${t.fullName}: ${brief(t.failureMessages?.[0])}`);
  }
  return lines;
}

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
    const failures = failureLines(r.testResults ?? []);
    const file = process.env.JEST_SUMMARY_FILE;
    if (file) {
      fs.writeFileSync(file, JSON.stringify({ line, passed, failed, ok, failures }) + '\n');
    } else {
      process.stdout.write([...failures, line].join('\n') + '\n');
    }
  }

  getLastError() {
    return this._error;
  }
}

module.exports = SummaryReporter;

#!/usr/bin/env node
// `npm test`: generate the proto code, build the web app when needed, bring up PostgreSQL, Redis
// and Kafka (scripts/infra; a piece is reused when DATABASE_URL / REDIS_URL / KAFKA_BROKERS is
// already set), run jest with those variables, stop the infrastructure, and exit with jest's code.
// The very last line printed is always `jest: N passed, M failed` (scripts/jest/summary-reporter.js).
//
//   npm test                               everything
//   npm test -- services/auth              extra arguments go to jest
//   npm test -- --selectProjects unit      unit tests only (no infrastructure is started)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpmDeps, ensureTestPrerequisites, importTs } from './setup.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestArgs = process.argv.slice(2);
const say = (msg) => process.stderr.write(`[test] ${msg}\n`);
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;
const phases = [];
const phase = (name, t0) => {
  phases.push(`${name} ${secs(Date.now() - t0)}`);
};
const summaryFile = path.join(os.tmpdir(), `cskh-jest-summary-${process.pid}.json`);

let summaryLine = 'jest: 0 passed, 0 failed';
/** `failed: …` lines of every jest pass, printed just before the summary line. */
const failureLines = [];
let infra;
let jest;
let interrupted = null;

function finish(code) {
  fs.rmSync(summaryFile, { force: true });
  process.stderr.write(`[test] ${phases.join(', ')}\n`);
  process.stdout.write([...failureLines, summaryLine].join('\n') + '\n', () => process.exit(code));
}

function run(cmd, args, what) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  phase(what, t0);
  if (r.status !== 0) {
    say(`${what} failed (${r.status ?? r.signal ?? r.error})`);
    return false;
  }
  return true;
}

/** True when the jest arguments select projects and 'integration' is not one of them. */
function unitOnly(args) {
  const selected = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--selectProjects=')) selected.push(...a.slice(17).split(','));
    else if (a === '--selectProjects') {
      while (i + 1 < args.length && !args[i + 1].startsWith('-')) selected.push(args[++i]);
    }
  }
  return selected.length > 0 && !selected.includes('integration');
}

function webNeedsBuild() {
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'package.json'), 'utf8'));
  } catch {
    return false;
  }
  if (!pkg.scripts?.build) return false;
  if (!fs.existsSync(path.join(ROOT, 'web', 'index.html'))) {
    say('web: no index.html yet, skipping the build');
    return false;
  }
  if (process.env.CI) return true;
  // A dist older than the web's sources would put yesterday's screens in front of today's browser
  // tests (a loaded run tested a fixed screen's old build): rebuild it.
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  if (!fs.existsSync(index)) return true;
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
      const p = path.join(dir, e.name);
      return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  try {
    const sources = Math.max(newest(path.join(ROOT, 'web', 'src')), fs.statSync(path.join(ROOT, 'web', 'index.html')).mtimeMs);
    return fs.statSync(index).mtimeMs < sources;
  } catch {
    return true;
  }
}

function runJest(env, args = jestArgs) {
  fs.rmSync(summaryFile, { force: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
    jest = child;
    // A test that leaves a handle open keeps jest alive after the run; once the summary is
    // written, give it 15 s to exit on its own, then stop it and go by the summary. The timers
    // belong to this child: a pass that exits in time must not leave one to stop the next pass.
    let hung = false;
    let grace;
    const watch = setInterval(() => {
      if (!fs.existsSync(summaryFile)) return;
      clearInterval(watch);
      grace = setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        hung = true;
        say('jest did not exit 15 s after the run finished (open handles? try --detectOpenHandles); stopping it');
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }, 15_000);
      grace.unref();
    }, 500);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      clearTimeout(grace);
      resolve({ code, signal, hung });
    });
    child.on('error', (e) => {
      clearInterval(watch);
      clearTimeout(grace);
      say(`could not start jest: ${e.message}`);
      resolve({ code: 1, signal: null, hung: false });
    });
  });
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) return; // a second ^C: the default handlers in scripts/infra take over
    interrupted = sig;
    say(`${sig}: stopping`);
    if (jest && jest.exitCode === null) {
      jest.kill(sig);
      setTimeout(() => jest.kill('SIGKILL'), 10_000).unref();
    } else if (!jest) infra?.stop().finally(() => finish(130));
  });
}

async function main() {
  const tAll = Date.now();
  // A fresh clone on a fresh machine: install what is missing first (npm packages, Debian's
  // redis-server / chromium / JRE / maven / python3-venv, helm, schemathesis, the Kafka jars).
  const tSetup = Date.now();
  const ready = unitOnly(jestArgs) ? ensureNpmDeps() : await ensureTestPrerequisites();
  phase('setup', tSetup);
  if (!ready) return finish(1);
  if (!run('npm', ['run', '--silent', 'gen'], 'gen')) return finish(1);
  if (webNeedsBuild() && !run('npm', ['run', 'build', '-w', '@cskh/web'], 'web build')) return finish(1);
  // The whole suite also type-checks: tests run through swc, which strips types without checking
  // them, so a wrong type (a mapping without its label, a stale import) would otherwise pass.
  if (jestArgs.length === 0) {
    if (!run('npm', ['run', '--silent', 'typecheck'], 'typecheck')) return finish(1);
    if (!run('npm', ['run', '--silent', 'typecheck', '-w', '@cskh/web'], 'typecheck web')) return finish(1);
    // One way to write and place code: ESLint, Prettier and the import graph (no circle, the
    // web's layers and the kit's import downwards only).
    if (!run('npm', ['run', '--silent', 'lint'], 'lint')) return finish(1);
  }

  // KAFKAJS_NO_PARTITIONER_WARNING: kafkajs 2 warns on every producer about a change from 1.x.
  const env = { KAFKAJS_NO_PARTITIONER_WARNING: '1', ...process.env, JEST_SUMMARY_FILE: summaryFile };
  if (unitOnly(jestArgs)) {
    say('unit tests only: no infrastructure');
  } else {
    const t0 = Date.now();
    try {
      const { startInfra } = await importTs('./infra/index.ts');
      infra = await startInfra();
    } catch (e) {
      phase('infra', t0);
      say(e.message);
      return finish(1);
    }
    phase(
      `infra (${
        Object.entries(infra.timings)
          .map(([k, v]) => `${k} ${secs(v)}`)
          .join(', ') || 'all from env'
      })`,
      t0,
    );
    for (const [k, v] of Object.entries(infra.env)) if (v) env[k] = v;
  }
  if (interrupted) {
    await infra?.stop();
    return finish(130);
  }

  // The whole suite: everything but the browser tests on both cores, then the browser tests one
  // file at a time (each starts a whole stack and Chromium; two at once on 2 cores time out).
  const passes = jestArgs.length
    ? [{ name: 'jest', env: {}, args: jestArgs }]
    : [
        { name: 'jest', env: { CSKH_BROWSER_TESTS: 'skip' }, args: [] },
        { name: 'jest browser', env: { CSKH_BROWSER_TESTS: 'only' }, args: ['--selectProjects', 'integration', '--runInBand'] },
      ];
  let code = 0;
  let signal = null;
  let hung = false;
  const total = { passed: 0, failed: 0, ok: true, ran: false };
  for (const pass of passes) {
    const tJest = Date.now();
    const r = await runJest({ ...env, ...pass.env }, pass.args);
    phase(pass.name, tJest);
    let s = null;
    try {
      s = JSON.parse(fs.readFileSync(summaryFile, 'utf8'));
    } catch {
      /* jest did not get that far */
    }
    if (s) {
      total.passed += s.passed;
      total.failed += s.failed;
      total.ok &&= s.ok;
      total.ran = true;
      failureLines.push(...(s.failures ?? []));
    } else {
      total.ok = false;
      say(`${pass.name}: jest ended (${r.code ?? r.signal}) before writing its summary; its tests are not counted and the run fails`);
    }
    code ||= r.code ?? 0;
    signal ??= r.signal;
    hung ||= r.hung;
    if (interrupted) break;
  }

  const tStop = Date.now();
  await infra?.stop().catch((e) => say(`stopping infrastructure: ${e.message}`));
  if (infra) phase('infra stop', tStop);
  phase('total', tAll);

  const summary = total.ran ? { ...total, line: `jest: ${total.passed} passed, ${total.failed} failed` } : null;
  if (summary) summaryLine = summary.line;
  if (interrupted) return finish(130);
  if (!summary) return finish(code || 1);
  if (summary.passed + summary.failed === 0) {
    say('no tests ran');
    return finish(code || 1);
  }
  if (hung) return finish(summary.ok ? 0 : 1);
  return finish(code || (signal ? 1 : 0));
}

main().catch((e) => {
  say(e?.stack || String(e));
  const done = () => finish(1);
  (infra ? infra.stop() : Promise.resolve()).then(done, done);
});

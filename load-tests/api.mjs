// What the Node-side benches (bench.mjs, floor.mjs, lists.mjs, export-rss.mjs) share: k6 runs and
// their figures, CPU time of a process, the gateway login and their tables.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Logs in through the gateway and answers the access token; a refused login throws. */
export async function login(base, username, password) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** A Markdown table of strings: the first `leftColumns` columns left-aligned, the others right-aligned. */
export function markdownTable(head, body, leftColumns = 3) {
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** Installs k6 when missing (load-tests/install-k6.sh); answers its path. */
export function installK6() {
  const r = spawnSync('bash', [path.join(HERE, 'install-k6.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('k6 install failed');
  return r.stdout.trim().split('\n').pop();
}

/** Runs one k6 script of this folder with `env`; answers its exit code. */
export function runK6(k6, script, env) {
  return new Promise((resolve) => {
    const child = spawn(k6, ['run', '--no-color', '--quiet', path.join(HERE, script)], {
      env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The shared metrics (lib.js) of a k6 summary file. */
export function figures(file) {
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  const m = s.metrics;
  const v = (k, f) => m[k]?.values?.[f] ?? 0;
  return {
    lookups: v('lookups', 'count'),
    rps: v('lookups', 'rate'),
    p50: v('lookup_duration', 'med'),
    p95: v('lookup_duration', 'p(95)'),
    p99: v('lookup_duration', 'p(99)'),
    errors: v('lookup_errors', 'count') + v('connect_errors', 'count'),
    lost: v('lost_replies', 'count'),
    duplicates: v('duplicate_replies', 'count'),
    dropped: v('dropped_iterations', 'count') + v('dropped_sends', 'count'),
    sent: v('lookups_sent', 'count'),
    connected: v('sockets_connected', 'count'),
    connectP50: v('connect_duration', 'med'),
    connectP95: v('connect_duration', 'p(95)'),
    connectMax: v('connect_duration', 'max'),
  };
}

const CLK_TCK = 100; // USER_HZ on Linux
/** CPU time (user + system, ms) a process has used so far, from /proc (0 when gone). */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

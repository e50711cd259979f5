#!/usr/bin/env node
// Top costs of V8 CPU profiles (`node --cpu-prof`, written by `npm run bench:lookup -- --mode process
// --profile DIR` into DIR/<component>/): self time per function and per package or source
// directory, in ms over the run and µs per request when the request count is given.
//
//   node load-tests/profile-top.mjs DIR/gateway [--requests 12345] [--top 25] [--last-seconds 40]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a function lives, shortened: node_modules/<pkg> or the repo path, node:internal … */
function place(url) {
  if (!url) return '(native/V8)';
  const u = url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (u.startsWith('node:')) return u.split('/').slice(0, 2).join('/');
  return path.relative(ROOT, u).split('/').slice(0, 3).join('/');
}

/**
 * Self time (µs) by function and by place, over every .cpuprofile in `dir`; with `lastSeconds`,
 * only the samples of the profile's last seconds (the load, not the start-up's module loading).
 */
export function aggregate(dir, { lastSeconds } = {}) {
  const byFn = new Map();
  const byPlace = new Map();
  let total = 0;
  let idle = 0;
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const from = lastSeconds ? p.endTime - lastSeconds * 1e6 : -Infinity;
    // timeDeltas[i] is the time before samples[i]: charge it to that sample's node.
    let at = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      at += p.timeDeltas[i] ?? 0;
      if (at < from) continue;
      self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
    }
    for (const [id, us] of self) {
      const n = nodes.get(id);
      const cf = n.callFrame;
      const name = cf.functionName || '(anonymous)';
      if (name === '(idle)') {
        idle += us;
        total += us;
        continue;
      }
      total += us;
      const short = cf.url ? `${place(cf.url)}/${path.basename(cf.url.replace(/^file:\/\//, ''))}:${cf.lineNumber + 1}` : '';
      const key = `${name} ${short}`.trim();
      byFn.set(key, (byFn.get(key) ?? 0) + us);
      const pl = ['(garbage collector)', '(program)'].includes(name) ? name : place(cf.url);
      byPlace.set(pl, (byPlace.get(pl) ?? 0) + us);
    }
  }
  return { byFn, byPlace, total, idle };
}

export function summarize(dir, { requests = 0, top = 20, title = path.basename(dir), lastSeconds } = {}) {
  const { byFn, byPlace, total, idle } = aggregate(dir, { lastSeconds });
  const busy = total - idle;
  const per = (us) => (requests ? `${(us / requests).toFixed(1)} µs/req` : '');
  const pct = (us) => `${((us / busy) * 100).toFixed(1)}%`;
  const lines = [
    `CPU profile of ${title}${lastSeconds ? ` (last ${lastSeconds.toFixed(0)} s: the load)` : ''}: ${(busy / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle${requests ? `; ${requests} lookups, ${(busy / requests).toFixed(1)} µs busy per lookup` : ''}`,
  ];
  lines.push('  by package / source directory (self time):');
  for (const [k, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 12))
    lines.push(`    ${pct(us).padStart(6)}  ${per(us).padStart(14)}  ${k}`);
  lines.push(`  top ${top} functions (self time):`);
  for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`    ${pct(us).padStart(6)}  ${per(us).padStart(14)}  ${k}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const opt = (n, d) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
  if (!dir) {
    console.error('usage: node load-tests/profile-top.mjs DIR [--requests N] [--top N]');
    process.exit(2);
  }
  console.log(summarize(dir, { requests: opt('--requests', 0), top: opt('--top', 20), lastSeconds: opt('--last-seconds', undefined) }));
}

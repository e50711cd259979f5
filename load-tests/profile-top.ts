// Top costs of V8 CPU profiles (`node --cpu-prof`, written by `npm run bench:lookup -- --mode process
// --profile DIR` into DIR/<component>/): self time per function and per package or source
// directory, in ms over the run and µs per request when the request count is given.
//
//   node --import tsx load-tests/profile-top.ts DIR/gateway [--requests 12345] [--top 25] [--last-seconds 40]
import fs from 'node:fs';
import path from 'node:path';

// __filename, not __dirname: tsx defines only the former in a module an ES module imports.
const ROOT = path.resolve(path.dirname(__filename), '..');

/** The parts of a V8 .cpuprofile read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, shortened: node_modules/<pkg> or the repo path, node:internal … */
function place(url: string): string {
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
export function aggregate(dir: string, { lastSeconds }: { lastSeconds?: number } = {}) {
  const byFn = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const p = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CpuProfile;
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
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
      if (!n) continue;
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

export function summarize(
  dir: string,
  {
    requests = 0,
    top = 20,
    title = path.basename(dir),
    lastSeconds,
  }: { requests?: number; top?: number; title?: string; lastSeconds?: number } = {},
): string {
  const { byFn, byPlace, total, idle } = aggregate(dir, { lastSeconds });
  const busy = total - idle;
  const per = (us: number) => (requests ? `${(us / requests).toFixed(1)} µs/req` : '');
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1)}%`;
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

if (require.main === module) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const opt = (n: string, d: number | undefined) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
  if (!dir) {
    console.error('usage: node --import tsx load-tests/profile-top.ts DIR [--requests N] [--top N] [--last-seconds N]');
    process.exit(2);
  }
  console.log(
    summarize(dir, { requests: opt('--requests', 0) ?? 0, top: opt('--top', 20) ?? 20, lastSeconds: opt('--last-seconds', undefined) }),
  );
}

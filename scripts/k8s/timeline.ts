/**
 * Where a slow request waited, for `npm run test:k8s`: while a step runs under load, what the cluster
 * did, each line stamped when this process saw it (watches on the API server, so within a few ms):
 * the release's pods (scheduled, started, Ready, Terminating, gone), the endpoints of each Service
 * (ready, terminating, removed), the Kubernetes events, each node's kube-proxy syncs (its log) and
 * the machine's load, what the realtime pods log (their start's parts, their stop) and, with the
 * host's Kafka broker (production shape), each consumer group's rebalances. Afterwards the k6
 * log's slow lookups are laid in at their start and end, with what the step noted itself (the drain's
 * slow socket lookups), and the whole is written to `<state>/logs/timeline-<step>.log`;
 * `slowest()` says, for the slowest lookups, where their time went and whether the other k6 users
 * went on meanwhile (one connection waited) or stopped too (the node starved).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENV, STATE } from './harness';

type Line = { at: number; text: string };

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/**
 * The lines a kubectl command writes, each handed to `onLine` as it comes (a line `onLine` cannot
 * parse is its to skip). No kubectl: no lines, and the step goes on. Returns the stop.
 */
function kubectlLines(args: string[], onLine: (line: string) => void) {
  const child = spawn('kubectl', args, { env: ENV, stdio: ['ignore', 'pipe', 'ignore'] });
  child.on('error', () => undefined);
  let buf = '';
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      onLine(line);
    }
  });
  return () => child.kill();
}

/** A watch on the API server (newline-delimited JSON events) through kubectl. */
function watch(apiPath: string, onEvent: (type: string, obj: Record<string, unknown>) => void) {
  return kubectlLines(['get', '--raw', `${apiPath}?watch=1`], (line) => {
    try {
      const e = JSON.parse(line) as { type: string; object: Record<string, unknown> };
      onEvent(e.type, e.object);
    } catch {
      /* a partial or non-JSON line */
    }
  });
}

type Pod = {
  metadata: { name: string; deletionTimestamp?: string };
  spec: { nodeName?: string };
  status: { phase?: string; conditions?: Array<{ type: string; status: string }>; containerStatuses?: Array<{ started?: boolean; restartCount?: number }> };
};
type Slice = {
  metadata: { name: string; labels?: Record<string, string> };
  endpoints?: Array<{ addresses: string[]; conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean }; targetRef?: { name?: string } }>;
};
type KubeEvent = { reason?: string; message?: string; involvedObject?: { name?: string }; type?: string; lastTimestamp?: string; eventTime?: string };

export interface Timeline {
  /** A line of the step's own, laid in at `at` (ms since the epoch). */
  note(at: number, text: string): void;
  /** Stops watching, merges the k6 log's slow lookups and writes the file; returns its path and the slowest lookups described. */
  finish(k6Log: string): { file: string; slowest: string; maxLoad: number; cpu: string };
}

/** Starts recording what namespace `ns` and the nodes do; `label` names the file. */
export function startTimeline(ns: string, label: string): Timeline {
  const t0 = Date.now();
  const lines: Line[] = [];
  const add = (text: string) => lines.push({ at: Date.now(), text });

  const pods = new Map<string, string>();
  // Each realtime pod's own log, followed from when it runs until it is gone or the step ends: its
  // start's parts (when it listens, when its reply consumer joined) and its stop.
  const followed = new Map<string, () => void>();
  const follow = (pod: string) => {
    if (followed.has(pod)) return;
    // a pod running before the step: from now on; one started during it: its whole log
    const since = Date.now() - t0 < 1500 ? '1s' : undefined;
    followed.set(
      pod,
      followLog(ns, pod, since, (at, text) => lines.push({ at, text: `log ${pod.replace(/^cskh-/, '')}: ${text}` })),
    );
  };
  const podState = (p: Pod, type: string) => {
    if (type === 'DELETED') return 'gone';
    const ready = p.status.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
    const started = p.status.containerStatuses?.every((c) => c.started) ?? false;
    const restarts = p.status.containerStatuses?.reduce((a, c) => a + (c.restartCount ?? 0), 0) ?? 0;
    return [
      p.spec.nodeName ? `on ${p.spec.nodeName}` : 'pending',
      p.status.phase ?? '',
      started ? 'started' : 'not started',
      ready ? 'Ready' : 'not Ready',
      p.metadata.deletionTimestamp ? 'Terminating' : '',
      restarts ? `${restarts} restarts` : '',
    ]
      .filter(Boolean)
      .join(', ');
  };
  const endpoints = new Map<string, string>();
  const sliceState = (s: Slice, type: string) =>
    type === 'DELETED'
      ? 'none'
      : (s.endpoints ?? [])
          .map((e) => {
            const c = e.conditions ?? {};
            const state = c.terminating ? (c.serving ? 'terminating, serving' : 'terminating') : c.ready ? 'ready' : 'not ready';
            return `${(e.targetRef?.name ?? e.addresses[0]).replace(/^cskh-/, '')} ${state}`;
          })
          .sort()
          .join('; ') || 'none';

  const stops = [
    watch(`/api/v1/namespaces/${ns}/pods`, (type, obj) => {
      const p = obj as unknown as Pod;
      const s = podState(p, type);
      if (pods.get(p.metadata.name) === s) return;
      pods.set(p.metadata.name, s);
      add(`pod ${p.metadata.name}: ${s}`);
      if (/-realtime-/.test(p.metadata.name) && p.status.phase === 'Running') follow(p.metadata.name);
    }),
    watch(`/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices`, (type, obj) => {
      const s = obj as unknown as Slice;
      const service = s.metadata.labels?.['kubernetes.io/service-name'] ?? s.metadata.name;
      const state = sliceState(s, type);
      if (endpoints.get(s.metadata.name) === state) return;
      endpoints.set(s.metadata.name, state);
      add(`endpoints ${service}: ${state}`);
    }),
    watch(`/api/v1/namespaces/${ns}/events`, (type, obj) => {
      const e = obj as KubeEvent;
      // the listing's events of before the step
      if ((type !== 'ADDED' && type !== 'MODIFIED') || Date.parse(e.lastTimestamp ?? e.eventTime ?? '') < t0 - 1000) return;
      add(`event ${e.type === 'Warning' ? 'warning ' : ''}${e.reason} ${e.involvedObject?.name ?? ''}: ${(e.message ?? '').replace(/\s+/g, ' ').slice(0, 200)}`);
    }),
  ];
  const loads: number[] = [];
  const first = cpuSample();
  let last = first;
  const sampler = setInterval(() => {
    const [one, , , runnable] = fs.readFileSync('/proc/loadavg', 'utf8').split(' ');
    loads.push(Number(one));
    const now = cpuSample();
    add(`load ${one}, runnable ${runnable.split('/')[0]}; CPU ${cpuShare(last, now)}`);
    last = now;
  }, 2000);

  return {
    note: (at, text) => lines.push({ at, text }),
    finish(k6Log: string) {
      clearInterval(sampler);
      for (const stop of stops) stop();
      for (const stop of followed.values()) stop();
      const t1 = Date.now();
      // each watch first lists what is there: the state before the step, not a change
      const initial = (l: Line) => l.at - t0 < 1500 && !l.text.startsWith('load');
      const changes = lines.filter((l) => !initial(l));
      const before = lines.filter(initial).map((l) => `(before)      ${l.text}`);
      const merged = [...changes, ...kubeProxySyncs(t0, t1), ...groupRebalances(t0, t1), ...slowLookupLines(k6Log)].sort((a, b) => a.at - b.at);
      const file = path.join(STATE, 'logs', `timeline-${label}.log`);
      fs.writeFileSync(file, [...before, ...merged.map((l) => `${clock(l.at)}  ${l.text}`)].join('\n') + '\n');
      return { file, slowest: describeSlowest(k6Log), maxLoad: Math.max(0, ...loads), cpu: cpuShare(first, cpuSample()) };
    },
  };
}

/**
 * The machine's CPU time (/proc/stat, in clock ticks of 10 ms) and the cluster's: the cgroups of
 * both nodes' pods (cgroup v1 cpuacct: node 1's kubelet's /kubepods, node 2's /cskh-n2), in ns.
 */
function cpuSample() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  const usage = (cg: string) => {
    try {
      return Number(fs.readFileSync(`/sys/fs/cgroup/cpuacct/${cg}/cpuacct.usage`, 'utf8'));
    } catch {
      return 0;
    }
  };
  return { at: Date.now(), busy: ticks.slice(0, 8).reduce((a, t) => a + t, 0) - idle, podsNs: usage('kubepods') + usage('cskh-n2') };
}

/** Cores used between two samples: by the cluster's pods, and by everything else on the machine (other jobs, the control plane, k6). */
function cpuShare(a: ReturnType<typeof cpuSample>, b: ReturnType<typeof cpuSample>) {
  const secs = Math.max(0.001, (b.at - a.at) / 1000);
  const busy = (b.busy - a.busy) / 100 / secs;
  const pods = (b.podsNs - a.podsNs) / 1e9 / secs;
  return `pods ${pods.toFixed(2)} cores, the rest ${Math.max(0, busy - pods).toFixed(2)} of ${os.cpus().length}`;
}

/** Each node's kube-proxy's "SyncProxyRules complete" lines (klog at -v=2) in the window, with how long the sync took. */
function kubeProxySyncs(from: number, to: number): Line[] {
  const out: Line[] = [];
  const year = new Date(from).getUTCFullYear();
  for (const [node, file] of [
    ['node 1', 'kube-proxy.log'],
    ['node 2', 'kube-proxy-n2.log'],
  ]) {
    let text = '';
    try {
      text = fs.readFileSync(path.join(STATE, 'logs', file), 'utf8');
    } catch {
      continue;
    }
    // I1128 20:31:02.123456   12345 proxier.go:757] "SyncProxyRules complete" ipFamily="IPv4" elapsed="123.4ms"
    for (const m of text.matchAll(/^I(\d\d)(\d\d) (\d\d:\d\d:\d\d\.\d+)\s+\d+ \S+\] "SyncProxyRules complete"(?! ipFamily="IPv6").*?elapsed="([^"]+)"/gm)) {
      const at = Date.parse(`${year}-${m[1]}-${m[2]}T${m[3].slice(0, 12)}Z`);
      if (at >= from && at <= to) out.push({ at, text: `kube-proxy ${node}: rules synced (took ${m[4]})` });
    }
  }
  return out;
}

/**
 * A pod's log lines (pino JSON) from now on, at info and above, with their own times; kafkajs's
 * chatter (one warning per retried request) is left out. Stops when the pod is gone or on the call.
 */
function followLog(ns: string, pod: string, since: string | undefined, onLine: (at: number, text: string) => void) {
  const args = ['-n', ns, 'logs', '-f', ...(since ? [`--since=${since}`] : []), pod];
  return kubectlLines(args, (line) => {
    try {
      const { level, time, msg, component: _c, name: _n, kafka, ...rest } = JSON.parse(line) as Record<string, unknown>;
      if (typeof time !== 'number' || Number(level) < 30 || typeof kafka === 'object') return;
      if (kafka !== undefined) rest.kafka = kafka;
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
      onLine(time, `${String(msg)}${extra}`.slice(0, 400));
    } catch {
      /* not one of our JSON lines */
    }
  });
}

/**
 * The host broker's group coordinator (production shape; kafka-run.sh logs it at INFO): when a
 * consumer group starts rebalancing, why (a member joining, leaving, or missing its session), and
 * when it is stable again — the seconds its consumers consume nothing.
 */
function groupRebalances(from: number, to: number): Line[] {
  let text = '';
  try {
    text = fs.readFileSync(path.join(STATE, 'host-kafka', 'kafka.log'), 'utf8');
  } catch {
    return [];
  }
  const out: Line[] = [];
  // [2026-11-28 23:07:20,123] INFO [GroupCoordinator 1]: Preparing to rebalance group g in state PreparingRebalance with old generation 3 (__consumer_offsets-12) (reason: …) (kafka.coordinator.group.GroupCoordinator)
  for (const m of text.matchAll(/^\[(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d),(\d{3})\] INFO (?:\[GroupCoordinator \d+\]: )?(.*?) \((?:kafka|org\.apache\.kafka)\.coordinator\.group\.[\w.]+\)$/gm)) {
    const at = Date.parse(`${m[1]}T${m[2]}.${m[3]}Z`);
    const what = m[4].replace(/ \(__consumer_offsets-\d+\)/, '').replace(/ with old generation \d+/, '');
    if (at >= from && at <= to && /rebalanc|Stabilized|left|failed/i.test(what)) out.push({ at, text: `kafka: ${what.slice(0, 300)}` });
  }
  return out;
}

type Slow = { vu: number; ms: number; started: number; ended: number; rest: string };

function parseK6(k6Log: string) {
  let text = '';
  try {
    text = fs.readFileSync(k6Log, 'utf8');
  } catch {
    /* no log */
  }
  const slow: Slow[] = [];
  const progress: Array<{ vu: number; at: number; done: number }> = [];
  for (const m of text.matchAll(/slow lookup: vu=(\d+) ms=(\d+) started=(\S+) ended=(\S+) ([^"\n]*)/g))
    slow.push({ vu: Number(m[1]), ms: Number(m[2]), started: Date.parse(m[3]), ended: Date.parse(m[4]), rest: m[5].trim() });
  for (const m of text.matchAll(/progress: vu=(\d+) at=(\d+) done=(\d+)/g)) progress.push({ vu: Number(m[1]), at: Number(m[2]), done: Number(m[3]) });
  return { slow, progress };
}

function slowLookupLines(k6Log: string): Line[] {
  return parseK6(k6Log).slow.flatMap((s) => [
    { at: s.started, text: `>>> lookup of k6 user ${s.vu} starts (it will take ${s.ms} ms)` },
    { at: s.ended, text: `<<< lookup of k6 user ${s.vu} ends after ${s.ms} ms: ${s.rest}` },
  ]);
}

/** The three slowest lookups: when, which phase, and how many lookups the other k6 users finished meanwhile. */
function describeSlowest(k6Log: string): string {
  const { slow, progress } = parseK6(k6Log);
  // lookups a user had finished by a time: its last progress line at or before it
  const doneBy = (vu: number, at: number) => progress.filter((p) => p.vu === vu && p.at <= at).reduce((a, p) => Math.max(a, p.done), 0);
  const vus = [...new Set(progress.map((p) => p.vu))];
  return slow
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((s) => {
      const others = vus.filter((v) => v !== s.vu).reduce((a, v) => a + doneBy(v, s.ended) - doneBy(v, s.started), 0);
      const phase = /connecting=(\d+)/.exec(s.rest)?.[1];
      const waiting = /waiting=(\d+)/.exec(s.rest)?.[1];
      return `${s.ms} ms from ${clock(s.started)} (connecting ${phase ?? '?'} ms, waiting ${waiting ?? '?'} ms; the other users finished at least ${others} meanwhile)`;
    })
    .join('; ');
}

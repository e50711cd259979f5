// The tables `npm run bench:lookup` prints: closed loop, against the libraries' floor (bare and
// doing the work), open model, CPU per answered request, many sockets, the outbox, and the Kafka
// clients side by side.
import os from 'node:os';
import { Figures, infraDelta, markdownTable } from './api';
import { BenchOptions, Mode, MODES } from './bench-options';
import { WORK_ROW } from './floor';
import type { OutboxFigures } from './outbox';
import type { KafkaClientName } from '@cskh/kit/messaging';

/** A k6 row's figures with the CPU ms of each process, of what ran beside them, and of the machine. */
export interface Row extends Figures {
  name: string;
  k6Exit: number;
  cpu: Record<string, number>;
  infra: ReturnType<typeof infraDelta>;
  machineMs: number;
}
export interface OpenRow extends Row {
  path: 'rest' | 'socket';
  rate: number;
  answeredPerS: number;
}
export interface SocketsRow extends Row {
  sockets: number;
  answeredPerS: number;
  rssBeforeKiB: number;
  rssPeakKiB: number;
  kibPerSocket: number;
}

/** One mode's run with one Kafka client. */
export interface ModeResult {
  mode: Mode;
  client: KafkaClientName;
  closed: Row[];
  open: OpenRow[];
  sockets: SocketsRow[];
  loadBefore: string;
  loadAfter?: string;
  loadOutbox?: string;
  failures: string[];
  warmup?: { socketS: number; restS: number };
  outbox?: OutboxFigures;
  profileSeconds?: number;
  stopSeconds?: number;
}

export const FLOOR_GRPC = 'floor: express + grpc';
/** The floor that does a lookup's work (a carrier request and a log row per call, floor.ts). */
export const FLOOR_WORK = `floor: ${WORK_ROW}`;
type Targets = Partial<Record<string, { rps?: number; cpu?: number }>>;
// The targets against the floor (closed loop, process mode).
const FLOOR_TARGETS: Targets = { rest: { rps: 0.8, cpu: 1.6 }, socket: { rps: 0.8 } };
// The product's targets against the floor doing the work.
const FLOOR_WORK_TARGETS: Targets = { rest: { rps: 1.0, cpu: 1.2 }, socket: { rps: 0.85 } };

/** A table with its first column left-aligned. */
const render = (head: string[], body: string[][]) => markdownTable(head, body, 1);
const f1 = (x: number) => x.toFixed(1);
const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-');

function closedTable(rows: Row[]): string {
  const base = rows.find((r) => r.name === 'baseline')?.rps;
  const healthz = rows.find((r) => r.name === 'healthz')?.rps;
  const floor = rows.find((r) => r.name === FLOOR_GRPC)?.rps;
  const workFloor = rows.find((r) => r.name === FLOOR_WORK)?.rps;
  const product = (r: Row) => r.name === 'rest' || r.name === 'socket';
  return render(
    ['path', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost', 'dup', 'vs baseline', 'vs /healthz', 'vs floor', 'vs work floor'],
    rows.map((r) => [
      r.name === 'healthz' ? '/healthz' : r.name,
      f1(r.rps),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.errors),
      r.name === 'socket' ? String(r.lost) : '-',
      r.name === 'socket' ? String(r.duplicates) : '-',
      r.name === 'baseline' ? '1.00' : ratio(r.rps, base),
      product(r) ? ratio(r.rps, healthz) : '-',
      product(r) ? ratio(r.rps, floor) : '-',
      product(r) ? ratio(r.rps, workFloor) : '-',
    ]),
  );
}

/** CPU µs per answered request of the named processes during row r (those of them it has). */
const usPer = (r: Row, names: string[]) => (r.lookups ? (names.reduce((t, p) => t + (r.cpu[p] ?? 0), 0) * 1000) / r.lookups : NaN);

/**
 * The product's closed-loop rows against one of the libraries' floor rows measured in the same
 * run (the bare one, or the one doing the work): req/s ratio and CPU per call ratio, each with its target.
 */
function floorTable(rows: Row[], mode: Mode, floorRow = FLOOR_GRPC, targets = FLOOR_TARGETS): string {
  const floor = rows.find((r) => r.name === floorRow);
  if (!floor) return '';
  const floorProcs = mode === 'embedded' ? ['floor'] : ['front', 'echo'];
  const paths: Partial<Record<string, string[]>> =
    mode === 'embedded'
      ? { rest: ['embedded (all)'], socket: ['embedded (all)'] }
      : { rest: ['gateway', 'lookup'], socket: ['gateway', 'realtime', 'lookup'] };
  const floorUs = usPer(floor, floorProcs);
  const verdict = (x: number, target: number | undefined, atLeast: boolean) =>
    target === undefined ? '-' : `${atLeast ? '≥' : '≤'} ${target} ${(atLeast ? x >= target : x <= target) ? 'met' : 'NOT met'}`;
  const body = rows.flatMap((r) => {
    const procs = paths[r.name];
    if (!procs) return [];
    const t = targets[r.name] ?? {};
    const rps = r.rps / floor.rps;
    const us = usPer(r, procs);
    const cpu = us / floorUs;
    // On a machine the load saturates, req/s follows the machine's busy time per answer. The
    // most this row could reach if the path's processes cost exactly the floor's: what the row
    // needs beside them (k6, PostgreSQL, Kafka, the carrier, the kernel) stays.
    const ceiling = floor.machineMs / floor.lookups / (r.machineMs / r.lookups - us / 1000 + floorUs / 1000);
    return [
      [
        r.name,
        f1(r.rps),
        f1(floor.rps),
        rps.toFixed(2),
        verdict(rps, t.rps, true),
        ceiling.toFixed(2),
        `${procs.join(' + ')} ${us.toFixed(0)}`,
        `${floorProcs.join(' + ')} ${floorUs.toFixed(0)}`,
        cpu.toFixed(2),
        verdict(cpu, t.cpu, false),
      ],
    ];
  });
  return render(
    [
      'path',
      'req/s',
      'floor req/s',
      'req/s vs floor',
      'target',
      'ceiling vs floor',
      'CPU µs per call',
      'floor CPU µs per call',
      'CPU vs floor',
      'target',
    ],
    body,
  );
}

/** CPU time (from /proc, user + system) each process spent per answered request during the row. */
function cpuTable(rows: Row[]): string {
  const procs = Object.keys(rows[0]?.cpu ?? {});
  const infra = Object.keys(rows[0]?.infra ?? {}) as (keyof Row['infra'])[];
  return render(
    ['row', 'answered', ...procs.map((p) => `${p} µs`), 'total µs', ...infra.map((p) => `${p} µs`), 'rest of machine µs', 'machine µs'],
    rows.map((r) => {
      const per = (ms: number) => (r.lookups ? ((ms * 1000) / r.lookups).toFixed(0) : '-');
      const total = procs.reduce((t, p) => t + r.cpu[p], 0);
      const shared = infra.reduce((t, p) => t + r.infra[p], 0);
      return [
        r.name,
        String(r.lookups),
        ...procs.map((p) => per(r.cpu[p])),
        per(total),
        ...infra.map((p) => per(r.infra[p])),
        per(r.machineMs - total - shared),
        per(r.machineMs),
      ];
    }),
  );
}

function openTable(rows: OpenRow[]): string {
  return render(
    ['path', 'target/s', 'answered/s', 'p50 ms', 'p95 ms', 'p99 ms', 'dropped', 'errors', 'lost', 'dup'],
    rows.map((r) => [
      r.name,
      String(r.rate),
      f1(r.answeredPerS),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.dropped),
      String(r.errors),
      r.path === 'socket' ? String(r.lost) : '-',
      r.path === 'socket' ? String(r.duplicates) : '-',
    ]),
  );
}

function socketsTable(rows: SocketsRow[]): string {
  return render(
    [
      'sockets',
      'connected',
      'connect p50 ms',
      'connect p95 ms',
      'connect max ms',
      'answered/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
      'lost (of them, socket closed)',
      'dup',
      'RSS before MiB',
      'RSS peak MiB',
      'KiB/socket',
    ],
    rows.map((r) => [
      String(r.sockets),
      String(r.connected),
      f1(r.connectP50),
      f1(r.connectP95),
      f1(r.connectMax),
      f1(r.answeredPerS),
      f1(r.p50),
      f1(r.p95),
      f1(r.p99),
      String(r.errors),
      `${r.lost} (${r.lostOnClose})`,
      String(r.duplicates),
      f1(r.rssBeforeKiB / 1024),
      f1(r.rssPeakKiB / 1024),
      f1(r.kibPerSocket),
    ]),
  );
}

/** A run's figures in the clients table (undefined or NaN: not measured). */
interface ClientFigures {
  rps?: number;
  p50?: number;
  p95?: number;
  us: Record<string, number>;
  kafkaUs: number;
  outbox?: number;
  outboxUs?: number;
}

/**
 * The Kafka clients side by side (--kafka-clients): each run's socket row (closed loop), CPU per
 * answered socket lookup of the processes on its path, and the outbox row; then each client's mean
 * against the first client's. The machine may be shared: compare runs close in time and load.
 */
export function clientsTable(results: ModeResult[]): string {
  const procs = ['gateway', 'realtime', 'lookup', 'embedded (all)'].filter((p) =>
    results.some((r) => r.closed.some((c) => c.cpu[p] !== undefined)),
  );
  const rowOf = (r: ModeResult): ClientFigures => {
    const s = r.closed.find((c) => c.name === 'socket');
    return {
      rps: s?.rps,
      p50: s?.p50,
      p95: s?.p95,
      us: Object.fromEntries(procs.map((p) => [p, s ? usPer(s, [p]) : NaN])),
      kafkaUs: s && s.lookups ? (s.infra.kafka * 1000) / s.lookups : NaN,
      outbox: r.outbox?.eventsPerS,
      outboxUs: r.outbox?.cpuUsPerEvent,
    };
  };
  const fmt = (x: number | undefined, d = 1) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(d));
  const figureCells = (x: ClientFigures) => [
    fmt(x.rps),
    fmt(x.p50),
    fmt(x.p95),
    ...procs.map((p) => fmt(x.us[p], 0)),
    fmt(x.kafkaUs, 0),
    fmt(x.outbox, 0),
    fmt(x.outboxUs, 0),
  ];
  const head = [
    'run',
    'mode',
    'client',
    'load before',
    'socket req/s',
    'p50 ms',
    'p95 ms',
    ...procs.map((p) => `${p} µs`),
    'broker µs',
    'outbox events/s',
    'outbox µs/event',
  ];
  const body = results.map((r, i) => [String(i + 1), r.mode, r.client, r.loadBefore, ...figureCells(rowOf(r))]);
  const clients = [...new Set(results.map((r) => r.client))];
  const mean = (xs: (number | undefined)[]) =>
    xs.filter((x): x is number => x !== undefined && !Number.isNaN(x)).reduce((a, b, _, all) => a + b / all.length, 0);
  const meanOf = (c: KafkaClientName): ClientFigures => {
    const xs = results.filter((r) => r.client === c).map(rowOf);
    return {
      rps: mean(xs.map((x) => x.rps)),
      p50: mean(xs.map((x) => x.p50)),
      p95: mean(xs.map((x) => x.p95)),
      us: Object.fromEntries(procs.map((p) => [p, mean(xs.map((x) => x.us[p]))])),
      kafkaUs: mean(xs.map((x) => x.kafkaUs)),
      outbox: mean(xs.map((x) => x.outbox)),
      outboxUs: mean(xs.map((x) => x.outboxUs)),
    };
  };
  const means = new Map(clients.map((c) => [c, meanOf(c)]));
  const first = meanOf(clients[0]);
  const vs = (a: number | undefined, b: number | undefined) => (a && b ? (a / b).toFixed(2) : '-');
  for (const c of clients) {
    const m = means.get(c) ?? meanOf(c);
    body.push(['mean', '', c, '', ...figureCells(m)]);
    if (c !== clients[0])
      body.push([
        `${c} / ${clients[0]}`,
        '',
        '',
        '',
        vs(m.rps, first.rps),
        vs(m.p50, first.p50),
        vs(m.p95, first.p95),
        ...procs.map((p) => vs(m.us[p], first.us[p])),
        vs(m.kafkaUs, first.kafkaUs),
        vs(m.outbox, first.outbox),
        vs(m.outboxUs, first.outboxUs),
      ]);
  }
  return `Kafka clients: the socket row (closed loop) and CPU µs per answered socket lookup by process; the outbox row (this process's CPU per event)\n\n${render(head, body)}`;
}

/** Everything one mode's run printed: its heading, then each table it has. */
export function report(res: ModeResult, opts: BenchOptions): string {
  const lines: string[] = [];
  lines.push(`\n== mode ${MODES[res.mode]}; Kafka client ${res.client}`);
  lines.push(
    `   ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}); load average before ${res.loadBefore}, after ${res.loadAfter}; carrier simulator at zero latency${res.warmup ? `; ${res.warmup.socketS} s of socket and ${res.warmup.restS} s of REST lookups before the rows, not measured (--warmup)` : ''}\n`,
  );
  if (res.closed.length)
    lines.push(
      `Closed loop: ${opts.vus} VUs × ${opts.duration} per row (pipeline ${opts.pipeline} per socket)\n\n${closedTable(res.closed)}\n`,
    );
  const vsFloor = floorTable(res.closed, res.mode);
  if (vsFloor)
    lines.push(
      `Against the libraries' floor (floor.ts, ${res.mode === 'embedded' ? 'front + echo in one process' : 'front and echo processes'}; the targets are for process mode). 'ceiling vs floor': the req/s ratio the row would reach if its path's processes cost exactly the floor's, from the machine's busy time per answer (the CPU table below)\n\n${vsFloor}\n`,
    );
  const vsWork = floorTable(res.closed, res.mode, FLOOR_WORK, FLOOR_WORK_TARGETS);
  if (vsWork)
    lines.push(
      `Against the floor that does the same work ('${WORK_ROW}': the echo makes one undici request to the carrier simulator and one pg INSERT of a log row per call, no batching; targets for process mode, warm broker)\n\n${vsWork}\n`,
    );
  if (res.open.length)
    lines.push(
      `Open model: constant arrival rate, ${opts.openDuration} per row (socket: 50 connections sharing the rate)\n\n${openTable(res.open)}\n`,
    );
  const all = [...res.closed, ...res.open, ...res.sockets].filter((r) => r.name !== 'baseline');
  if (all.length)
    lines.push(
      `CPU per answered request (user + system time of each process during the row, /proc; k6, postgres (every backend), redis and kafka (the broker's JVM) are what the row runs beside the product; 'rest of machine' = the whole machine's busy time (/proc/stat) less all of those: the kernel's own work and anything else)\n\n${cpuTable(all)}\n`,
    );
  if (res.outbox)
    lines.push(
      `Outbox relay (this process, load average ${res.loadOutbox}): ${res.outbox.events} events on Kafka in ${res.outbox.seconds.toFixed(2)} s = ${res.outbox.eventsPerS.toFixed(0)} events/s, ${res.outbox.cpuUsPerEvent.toFixed(0)} µs of CPU per event\n`,
    );
  if (res.sockets.length)
    lines.push(
      `Many sockets: each looks up every ${opts.socketInterval} s for ${opts.openDuration}; RSS of the ${res.mode === 'process' ? 'realtime process' : 'whole embedded process'}\n\n${socketsTable(res.sockets)}\n`,
    );
  return lines.join('\n');
}

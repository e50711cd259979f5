// The options of `npm run bench:lookup` (the header of bench.ts lists them with examples).
import { KafkaClientName, kafkaClientName } from '@cskh/kit/messaging';
import { parseFlags } from './cli';

/** The rows the bench can run, in the order it runs them. */
export const ROWS = ['baseline', 'healthz', 'floor', 'rest', 'socket', 'open', 'sockets', 'outbox'] as const;
export type RowName = (typeof ROWS)[number];

export const MODES = {
  embedded: 'embedded: one Node process (gateway, realtime, every service, carrier simulator)',
  process: 'process: one Node process per component (carrier-sim, auth, lookup, realtime, gateway)',
} as const;
export type Mode = keyof typeof MODES;

export interface BenchOptions {
  smoke: boolean;
  vus: string;
  duration: string;
  pipeline: string;
  only: RowName[];
  json?: string;
  mode: string;
  modes: Mode[];
  rates: number[];
  openDuration: string;
  sockets: number;
  socketInterval: string;
  profile?: string;
  warmup: string;
  kafkaClients: KafkaClientName[];
  outboxEvents: number;
}

const isRow = (r: string): r is RowName => (ROWS as readonly string[]).includes(r);
const isMode = (m: string): m is Mode => Object.hasOwn(MODES, m);

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const f = parseFlags(argv, {
    smoke: 'switch',
    vus: 'value',
    duration: 'value',
    pipeline: 'value',
    only: 'value',
    json: 'value',
    mode: 'value',
    rates: 'value',
    'open-duration': 'value',
    sockets: 'value',
    'socket-interval': 'value',
    profile: 'value',
    warmup: 'value',
    'kafka-clients': 'value',
    'outbox-events': 'value',
  });
  const smoke = f.smoke !== undefined;
  const duration = f.duration ?? (smoke ? '10s' : '20s');
  const mode = f.mode ?? (smoke ? 'embedded' : 'both');
  const modes = mode === 'both' ? ['embedded', 'process'] : [mode];
  const only = f.only?.split(',') ?? (smoke ? ['baseline', 'rest', 'socket'] : [...ROWS]);
  for (const r of only) if (!isRow(r)) throw new Error(`unknown row ${r}; one of ${ROWS.join(', ')}`);
  const o: BenchOptions = {
    smoke,
    vus: f.vus ?? (smoke ? '5' : '50'),
    duration,
    pipeline: f.pipeline ?? '1',
    only: only.filter(isRow),
    json: f.json,
    mode,
    modes: modes.filter(isMode),
    rates: (f.rates ?? (smoke ? '' : '300,600'))
      .split(',')
      .filter((r) => r && r !== 'none')
      .map(Number),
    openDuration: f['open-duration'] ?? duration,
    sockets: Number(f.sockets ?? (smoke ? 0 : 1000)),
    socketInterval: f['socket-interval'] ?? '2',
    profile: f.profile,
    warmup: f.warmup ?? (smoke ? '0s' : '60s'),
    kafkaClients: (f['kafka-clients']?.split(',') ?? [kafkaClientName()]).map((c) => kafkaClientName({ CSKH_KAFKA_CLIENT: c })),
    outboxEvents: Number(f['outbox-events'] ?? '20000'),
  };
  for (const m of modes) if (!isMode(m)) throw new Error(`unknown mode ${m}; embedded, process or both`);
  if (!o.rates.length) o.only = o.only.filter((r) => r !== 'open');
  if (!o.sockets) o.only = o.only.filter((r) => r !== 'sockets');
  if (o.profile && !o.modes.includes('process')) throw new Error('--profile needs --mode process (each component its own process)');
  return o;
}

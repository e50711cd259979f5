/**
 * Prometheus metrics of a component (what an SRE watches). One registry per process: in
 * Kubernetes a process is one component; in the embedded run every component shares it, which is
 * what one process should report. `startMetricsServer` serves it on METRICS_PORT (default 9464)
 * — a port of its own, never the gateway's public one, so the ingress does not publish it.
 *
 * What is measured:
 *   cskh_http_request_duration_seconds{method,route,status}   gateway, per declared route
 *   cskh_grpc_server_handling_seconds{service,method,code}    every gRPC service, per RPC
 *   cskh_kafka_consumer_lag{group,topic}                      messages behind, per consumer group
 *   cskh_kafka_messages_consumed_total{group,topic,outcome}   handled / dead-lettered
 *   cskh_outbox_backlog{schema}                               rows written but not yet published
 *   cskh_socket_connections                                   realtime: open browser sockets
 *   cskh_worker_runs_total{worker,outcome}                    timed workers' runs: succeeded / failed
 *   cskh_db_pool_connections{schema,state}                    a service's pool: in_use / idle
 *   cskh_db_pool_max_connections{schema}, cskh_db_pool_waiting_queries{schema}
 *   cskh_scan_progress_ratio{file}, … (registered by the service that owns the figure)
 * plus Node's defaults (CPU, memory, event-loop lag, GC) with the `cskh_` prefix.
 */
import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
let defaultsOn = false;

/** Node's own figures, once per process. */
export function collectProcessMetrics(component: string) {
  if (defaultsOn) return;
  defaultsOn = true;
  metricsRegistry.setDefaultLabels({ component });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'cskh_' });
}

// Latency buckets from 1 ms to 10 s: lookups live at 5–50 ms, exports and imports at seconds.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Records durations of one histogram whose labels are fixed but for one outcome label (a status):
 * one labelled child per outcome, made once, since prom-client otherwise hashes every label on
 * every observation (a hot-path cost: load-tests/README.md). Call with the outcome and the `performance.now()`
 * the work started at.
 */
export function outcomeTimer<L extends string>(
  histogram: Histogram<L>,
  fixed: Partial<Record<L, string>>,
  outcomeLabel: L,
): (outcome: string, startedMs: number) => void {
  const children = new Map<string, { observe(seconds: number): void }>();
  return (outcome, startedMs) => {
    let child = children.get(outcome);
    if (!child) children.set(outcome, (child = histogram.labels({ ...fixed, [outcomeLabel]: outcome } as Partial<Record<L, string>>)));
    child.observe((performance.now() - startedMs) / 1000);
  };
}

export const httpRequestDuration = new Histogram({
  name: 'cskh_http_request_duration_seconds',
  help: 'HTTP requests served by the gateway, by declared route (not the raw path) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const grpcServerDuration = new Histogram({
  name: 'cskh_grpc_server_handling_seconds',
  help: 'gRPC calls handled, by service, method and status code name.',
  labelNames: ['service', 'method', 'code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const kafkaConsumed = new Counter({
  name: 'cskh_kafka_messages_consumed_total',
  help: 'Kafka messages a consumer group finished with: handled, or dead-lettered after retries.',
  labelNames: ['group', 'topic', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Gauges whose value is read when Prometheus scrapes (outbox backlog, consumer lag): each source
 * adds a reader and removes it when it stops, so a stopped service reports nothing stale.
 */
type Reader = (set: (labels: Record<string, string>, value: number) => void) => Promise<void>;

function scrapedGauge(name: string, help: string, labelNames: string[]) {
  const readers = new Set<Reader>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      await Promise.all(
        [...readers].map((read) =>
          read((labels, value) => this.set(labels, value)).catch(() => {
            // A source that cannot answer now (database restarting) reports nothing this scrape.
          }),
        ),
      );
    },
  });
  return (read: Reader) => {
    readers.add(read);
    return () => void readers.delete(read);
  };
}

/** Adds a reader of `cskh_outbox_backlog{schema}`; returns its removal. */
export const addOutboxBacklogReader = scrapedGauge('cskh_outbox_backlog', 'Outbox rows committed but not yet published to Kafka.', [
  'schema',
]);
/** Adds a reader of `cskh_kafka_consumer_lag{group,topic}`; returns its removal. */
export const addConsumerLagReader = scrapedGauge(
  'cskh_kafka_consumer_lag',
  'Messages a consumer group is behind the end of a topic (sum over partitions).',
  ['group', 'topic'],
);

export const socketConnections = new Gauge({
  name: 'cskh_socket_connections',
  help: 'Browser sockets open on this realtime replica.',
  registers: [metricsRegistry],
});

const workerRuns = new Counter({
  name: 'cskh_worker_runs_total',
  help: 'Runs of a timed worker (auto-cancel, reminder repeat), by outcome: succeeded or failed.',
  labelNames: ['worker', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Counts the runs of a timed worker under `worker`. Both outcomes exist at 0 from the start, so a
 * worker that never succeeds shows a flat counter (the alert's "not running"), not a missing one.
 */
export function countedRun<T>(worker: string, run: () => Promise<T>): () => Promise<T> {
  const succeeded = workerRuns.labels({ worker, outcome: 'succeeded' });
  const failed = workerRuns.labels({ worker, outcome: 'failed' });
  succeeded.inc(0);
  failed.inc(0);
  return async () => {
    try {
      const result = await run();
      succeeded.inc();
      return result;
    } catch (err) {
      failed.inc();
      throw err;
    }
  };
}

/** What a database pool holds when Prometheus scrapes (pg's Pool counters). */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The pools of this process by schema, read at scrape time; a pool made again for a schema replaces it. */
const pools = new Map<string, () => PoolFigures | undefined>();

/** Reports a service's database pool as `cskh_db_pool_*{schema}`. */
export function addDatabasePool(schema: string, read: () => PoolFigures | undefined) {
  pools.set(schema, read);
}

function eachPool(set: (schema: string, figures: PoolFigures) => void) {
  for (const [schema, read] of pools) {
    const figures = read();
    if (figures) set(schema, figures);
  }
}

new Gauge({
  name: 'cskh_db_pool_connections',
  help: "Connections of a service's database pool, by state: in_use (lent to a query) or idle.",
  labelNames: ['schema', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    eachPool((schema, f) => {
      this.set({ schema, state: 'in_use' }, f.total - f.idle);
      this.set({ schema, state: 'idle' }, f.idle);
    });
  },
});

new Gauge({
  name: 'cskh_db_pool_max_connections',
  help: "The most connections a service's database pool opens (its size).",
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    eachPool((schema, f) => this.set({ schema }, f.max));
  },
});

new Gauge({
  name: 'cskh_db_pool_waiting_queries',
  help: 'Queries waiting for a free connection of the pool (every connection is in use).',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    eachPool((schema, f) => this.set({ schema }, f.waiting));
  },
});

/** The registry's text, as Prometheus reads it. */
export const metricsText = () => metricsRegistry.metrics();

/**
 * Serves GET /metrics on `port` (0 = any free port, for tests). One server per process: a second
 * call returns the first server.
 */
let server: Promise<{ port: number; close: () => Promise<void> }> | undefined;
export function startMetricsServer(port: number, host = '0.0.0.0') {
  server ??= new Promise((resolve, reject) => {
    const s = http.createServer(async (req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await metricsText();
        res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String((err as Error).message));
      }
    });
    s.once('error', (err) => {
      server = undefined;
      reject(err);
    });
    s.listen(port, host, () => {
      const addr = s.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : port,
        close: () => new Promise<void>((r) => s.close(() => r())),
      });
    });
  });
  return server;
}

/**
 * METRICS_PORT as the entry reads it: default 9464 (the port Prometheus exporters conventionally
 * use); 0 = not served (null).
 */
export function metricsPortOf(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return 9464;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`METRICS_PORT must be a port number (0 = off), got "${raw}"`);
  return n === 0 ? null : n;
}

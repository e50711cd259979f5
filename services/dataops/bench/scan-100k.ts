/**
 * Scan throughput and memory, scripted: the real dataops service (real PostgreSQL, Kafka, Redis of
 * `npm test`'s infrastructure, DATABASE_URL etc. from the environment) against the carrier
 * simulator at a fixed latency. Uploads N numbers in 200-row chunks through the gRPC API, starts
 * the scan, and prints upload and scan rates (numbers per second) and the process's peak RSS.
 *
 *   source /tmp/cskh-infra.env; npx tsx services/dataops/bench/scan-100k.ts
 *   BENCH_NUMBERS=100000 BENCH_LATENCY_MS=20 BENCH_CONCURRENCY=32 BENCH_RATE=0 npx tsx …
 */
import { settle, startTestService } from '@cskh/kit/testing';
import { dataops_v1_dataops } from '@cskh/proto';
import { startCarrierSim } from '../../carrier-sim/src/main';
import { dataopsModule } from '../src/module';

const N = Number(process.env.BENCH_NUMBERS ?? 100000);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '32';
const RATE = process.env.BENCH_RATE ?? '0';
const BATCH = process.env.BENCH_BATCH ?? '200';

async function main() {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 100);
  const sim = await startCarrierSim({ port: 0, host: '127.0.0.1', latencyMs: LATENCY, username: 'cskh', password: 'cskh-carrier' });
  const t = await startTestService(dataopsModule, {
    env: {
      CARRIER_URL: sim.url,
      CARRIER_USERNAME: 'cskh',
      CARRIER_PASSWORD: 'cskh-carrier',
      SCAN_RATE_PER_SECOND: RATE,
      SCAN_CONCURRENCY: CONCURRENCY,
      SCAN_BATCH_SIZE: BATCH,
      SCAN_POLL_MS: '200',
      DATAOPS_INSTANCE: 'bench',
      LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    },
  });
  const scans = t.client(dataops_v1_dataops.DataopsScanServiceService);
  const who = t.as(2, ['quetdata'], { username: 'bench' });
  const file = `bench-${Date.now()}.xlsx`;
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const rssBefore = process.memoryUsage().rss;

  const u0 = Date.now();
  for (let i = 0; i < N; i += 200) {
    const rows = Array.from({ length: Math.min(200, N - i) }, (_, k) => ({
      PhoneNumber: `09${String(base + i + k).padStart(8, '0')}`,
      FileName: file,
    }));
    await scans.uploadScanFile({ rows, first_row: i + 1, kind: 'quetdata' }, { identity: who });
  }
  const uploadMs = Date.now() - u0;
  const rssAfterUpload = peak;

  // Start as the socket command does (state running), then watch the stored count.
  await t.sql(`UPDATE dataops.scan_file SET state = 'running' WHERE file_name = $1`, [file]);
  const s0 = Date.now();
  let last = 0;
  // No deadline: the bench waits for the scan to end, printing progress every 10 s.
  await settle(
    async () => {
      const [r] = await t.sql(`SELECT scanned, total, state FROM dataops.scan_file WHERE file_name = $1`, [file]);
      if (Date.now() - last > 10000) {
        last = Date.now();
        console.log(
          `  ${r.scanned}/${r.total} ${r.state} after ${((Date.now() - s0) / 1000).toFixed(0)} s, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
        );
      }
      return r;
    },
    (r) => r.state !== 'running',
    Infinity,
    250,
  );
  const scanMs = Date.now() - s0;
  const [done] = await t.sql(`SELECT scanned, total, state FROM dataops.scan_file WHERE file_name = $1`, [file]);
  sample();
  clearInterval(timer);
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    JSON.stringify(
      {
        numbers: N,
        carrierLatencyMs: LATENCY,
        concurrency: Number(CONCURRENCY),
        rateBound: Number(RATE) || 'none',
        batch: Number(BATCH),
        upload: { seconds: +(uploadMs / 1000).toFixed(1), numbersPerSecond: Math.round(N / (uploadMs / 1000)) },
        scan: {
          seconds: +(scanMs / 1000).toFixed(1),
          numbersPerSecond: Math.round(done.scanned / (scanMs / 1000)),
          scanned: done.scanned,
          state: done.state,
        },
        carrierRequests: sim.stats.requests,
        rss: { start: mib(rssBefore), peakDuringUpload: mib(rssAfterUpload), peak: mib(peak) },
        note: 'RSS is of this one process: the dataops service, the carrier simulator and the driver together',
      },
      null,
      2,
    ),
  );
  await t.stop();
  await sim.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

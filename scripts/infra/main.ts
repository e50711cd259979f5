/**
 * The infrastructure's command line:
 *   node --import tsx scripts/infra/main.ts install   fetch the Kafka jars once (Maven), check redis-server
 *   node --import tsx scripts/infra/main.ts up        start, print `export VAR=...` lines, stay up until ^C
 *                                                     (--no-postgres / --no-redis / --no-kafka to skip one)
 */
import { installInfra, startInfra } from './index';
import { secs } from './processes';

async function main(argv: string[]): Promise<void> {
  const [cmd, ...flags] = argv;
  if (cmd === 'install') return installInfra();
  if (cmd !== 'up') {
    process.stderr.write('usage: node --import tsx scripts/infra/main.ts install | up [--no-postgres] [--no-redis] [--no-kafka]\n');
    process.exitCode = 2;
    return;
  }
  const t0 = Date.now();
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(sig, () => resolve(sig));
  });
  const starting = startInfra({
    postgres: !flags.includes('--no-postgres'),
    redis: !flags.includes('--no-redis'),
    kafka: !flags.includes('--no-kafka'),
  });
  const first = await Promise.race([starting, signalled]);
  if (typeof first === 'string') {
    // interrupted while starting
    process.stderr.write(`[infra] ${first} while starting; stopping...\n`);
    const infra = await starting.catch(() => null);
    await infra?.stop();
    process.exitCode = 130;
    return;
  }
  for (const [k, v] of Object.entries(first.env)) if (v) process.stdout.write(`export ${k}=${v}\n`);
  process.stderr.write(`[infra] up in ${secs(Date.now() - t0)}; Ctrl-C to stop\n`);
  await signalled;
  process.stderr.write('[infra] stopping...\n');
  await first.stop();
}

main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    process.stderr.write(`[infra] ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);

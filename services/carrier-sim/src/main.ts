import { createLogger } from '@cskh/kit/observability';
import { onShutdown } from '@cskh/kit/server';
import { carrierSimConfig } from './config';
import { startCarrierSim, CarrierSimHandle } from './server';

export { startCarrierSim } from './server';
export type { CarrierSimOptions, CarrierSimHandle } from './server';

/** Starts the simulator from environment variables (the component entry calls this). */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<CarrierSimHandle> {
  const c = carrierSimConfig.load(env);
  const log = createLogger('carrier-sim', c.LOG_LEVEL);
  const sim = await startCarrierSim({
    port: c.PORT,
    host: c.HOST,
    latencyMs: c.CARRIER_SIM_LATENCY_MS,
    jitterMs: c.CARRIER_SIM_JITTER_MS,
    errorRate: c.CARRIER_SIM_ERROR_RATE,
    timeoutRate: c.CARRIER_SIM_TIMEOUT_RATE,
    username: c.CARRIER_SIM_USERNAME,
    password: c.CARRIER_SIM_PASSWORD,
    sellers: c.CARRIER_SIM_SELLERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
  log.info({ port: sim.port, ...sim.config }, 'carrier simulator listening');
  return sim;
}

if (require.main === module) {
  const log = createLogger('carrier-sim');
  main().then(
    (sim) => onShutdown(() => sim.stop(), log),
    (err) => {
      log.error({ err }, 'carrier simulator failed to start');
      process.exit(1);
    },
  );
}

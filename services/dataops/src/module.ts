import { bind } from '@cskh/kit/server';
import { REALTIME_PUSH_TOPIC, startBatchConsumer } from '@cskh/kit/messaging';
import { ServiceModule } from '@cskh/kit/service';
import { dataops_v1_dataops } from '@cskh/proto';
import { dataopsConfig } from './config';
import { DataopsContext, dataopsContext } from './context';
import { scanHandlers } from './handlers/scans';
import { splitHandlers, takeSplitNumber } from './handlers/split';
import { listHandlers } from './handlers/lists';
import { dataopsMigrations } from './migrations';
import { dataopsSocketRoutes, scanCommandHandler } from './workers/scan-commands';
import { SCHEMA } from './store/schema';

/**
 * The dataops service: scans (started and stopped over the socket, scanned by a leased worker,
 * progress pushed), data-split files, data permission and split, taking numbers for care,
 * blacklist (published to care), OTP 1414.
 */
export const dataopsModule: ServiceModule<typeof dataopsConfig.shape, DataopsContext> = {
  name: 'dataops',
  schema: SCHEMA,
  config: dataopsConfig,
  migrations: dataopsMigrations,
  // Blacklist changes leave through the outbox; blacklist and OTP edits are audited; grants and
  // splits read the staff read model (who is in the caller's subtree).
  features: { outbox: true, staff: true, audit: true },
  context: (deps) => dataopsContext(deps),

  services: (_deps, c) => [
    bind(dataops_v1_dataops.DataopsScanServiceService, scanHandlers(c)),
    bind(dataops_v1_dataops.DataopsSplitServiceService, splitHandlers(c)),
    bind(dataops_v1_dataops.DataopsListServiceService, listHandlers(c)),
    bind(dataops_v1_dataops.DataopsServiceService, {
      takeSplitNumber: (req) => takeSplitNumber(c, String(req.username ?? '').trim()),
    }),
  ],

  async start(deps, c) {
    const { config, bus, log } = deps;
    // Start/stop commands: topics as declared in dataops.proto (service DataopsSocketService).
    const socket = dataopsSocketRoutes();
    // The pushes' topic too: a worker's progress push must not wait on a topic nobody created yet.
    await bus.ensureTopics([...socket.requestTopics, ...socket.replyTopics, REALTIME_PUSH_TOPIC]);
    const commands = await startBatchConsumer({
      brokers: config.KAFKA_BROKERS,
      clientId: 'cskh-dataops',
      groupId: config.DATAOPS_CONSUMER_GROUP,
      topics: socket.requestTopics,
      bus,
      log,
      concurrency: 4,
      handler: scanCommandHandler(deps, () => c.worker.wake(), socket.routes),
    });
    c.worker.start();
    return async () => {
      await commands.stop();
      await c.worker.stop();
    };
  },
};

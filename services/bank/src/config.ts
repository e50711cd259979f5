import { defineConfig, serviceShape } from '@cskh/kit';

/**
 * Bank service configuration: only what every service reads (database, Kafka for the outbox relay
 * and the staff read model, gRPC port). The rules and channels are the spec's, not settings.
 */
export const bankConfig = defineConfig('bank', {
  ...serviceShape,
});

export type BankConfig = ReturnType<typeof bankConfig.load>;

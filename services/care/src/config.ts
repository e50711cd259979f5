import { defineConfig, serviceShape } from '@cskh/kit';

/** Care service configuration: what every service reads (database, Kafka, gRPC port). */
export const careConfig = defineConfig('care', {
  ...serviceShape,
});

export type CareConfig = ReturnType<typeof careConfig.load>;

export * from './bus-message';
export * from './bus';
export { kafkaClientName, type KafkaClientName } from './kafka-client';
export * from './batch-consumer';
export * from './outbox';
export * from './realtime-push';
export * from './push-declarations';

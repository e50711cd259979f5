export * from './bus-message';
export * from './bus';
export * from './batch-consumer';
export * from './outbox';
export * from './realtime-push';
export * from './push-declarations';

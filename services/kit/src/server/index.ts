export * from './grpc';
export * from './identity-metadata';
export * from './route-info';
export * from './tokens';
export * from './redis';
export * from './reply-mask';
export * from '../core/proto-options';

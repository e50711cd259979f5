export * from './grpc';
export * from './route-info';
export * from './tokens';
export * from './redis';

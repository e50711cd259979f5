export * from './db';
export * from './sql';
export * from './masked-search';
export * from './typed-search';
export * from './list';
export * from './audit';
export * from './staff';

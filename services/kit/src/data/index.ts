export * from './db';
export * from './sql';
export * from './list';
export * from './audit';
export * from './staff';

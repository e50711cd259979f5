// The simulator's data moved to domain/data.ts; this re-export stays only until the tests of lookup
// (services/lookup/test/lookup.test.ts) and care (services/care/test/next-day.test.ts) import it
// from there (their owners' folders).
export * from './domain/data';

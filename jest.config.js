// Jest 30, TypeScript through @swc/jest (no type checking here; `npm run typecheck` does that).
// Run it through `npm test` (scripts/test.mjs), which brings up PostgreSQL, Redis and Kafka for the
// integration project and passes them as DATABASE_URL, REDIS_URL and KAFKA_BROKERS.
//   unit         src/**/*.test.ts    rules as plain functions, no I/O
//   integration  test/**/*.test.ts   against the real infrastructure (120 s per test)
// Select one with `npm test -- --selectProjects unit` (that one starts no infrastructure).

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const ignored = ['/node_modules/', '<rootDir>/web/dist/', '<rootDir>/.tmp/', '<rootDir>/.cache/', '<rootDir>/proto/gen/.*\\.test\\.ts$'];

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc(false),
    '^.+\\.tsx$': swc(true),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'node'],
  // NodeNext-style relative imports ('./x.js') resolve to the .ts source.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testPathIgnorePatterns: ignored,
  modulePathIgnorePatterns: ['<rootDir>/web/dist/', '<rootDir>/.tmp/', '<rootDir>/.cache/'],
  watchPathIgnorePatterns: ['<rootDir>/.tmp/', '<rootDir>/.cache/'],
};

// scripts/test.mjs runs the browser tests (real Chromium, each with a whole stack) in a pass of
// their own, one file at a time: CSKH_BROWSER_TESTS=skip leaves them out, =only runs just them.
const BROWSER = /browser\.test\.ts$/.source;
const browserMode = process.env.CSKH_BROWSER_TESTS;
const integrationIgnored = browserMode === 'skip' ? [...ignored, BROWSER] : ignored;
const integrationMatch =
  browserMode === 'only'
    ? ['<rootDir>/**/test/**/*.browser.test.ts']
    : ['<rootDir>/**/test/**/*.test.ts', '<rootDir>/**/scripts/**/test/*.test.ts'];

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: 2, // 2 cores; integration tests isolate themselves (own database/schema/topic names)
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: integrationMatch,
      testPathIgnorePatterns: integrationIgnored,
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/integration-setup.js'],
      slowTestThreshold: 30,
    },
  ],
};

// Types of the parts of scripts/setup.mjs that TypeScript imports (load-tests/bench.ts).
export declare function ensureConfluentKafka(): boolean;

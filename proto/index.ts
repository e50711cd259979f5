// Generated code (run `npm run gen`) plus the .proto sources for proto-loader (the gateway
// reads route options from them at start).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
export * from './gen/index';
/** This package's folder, found by its name: a bundle of this file (scripts/bundle.ts) lives elsewhere. */
export const PROTO_ROOT = dirname(require.resolve('@cskh/proto/package.json'));

function protoFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? protoFilesUnder(p) : p.endsWith('.proto') ? [p] : [];
  });
}

/** Every .proto of ours (services, events, common types, options). */
export const PROTO_FILES = protoFilesUnder(join(PROTO_ROOT, 'cskh')).sort();

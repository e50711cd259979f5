// Generated code (run `npm run gen`) plus the .proto sources for proto-loader (the gateway
// reads route options from them at start).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
export * from './gen/index';
export const PROTO_ROOT = __dirname;

function protoFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? protoFilesUnder(p) : p.endsWith('.proto') ? [p] : [];
  });
}

/** Every .proto of ours (services, events, common types, options). */
export const PROTO_FILES = protoFilesUnder(join(__dirname, 'cskh')).sort();

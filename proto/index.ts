// Generated code (run `npm run gen`) plus the path of the .proto sources for proto-loader.
import { join } from 'node:path';
export * from './gen/index';
export const PROTO_ROOT = __dirname;
export const PROTO_FILES = [
  'cskh/auth/v1/auth.proto',
  'cskh/events/v1/events.proto',
].map((f) => join(__dirname, f));

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import * as protobuf from 'protobufjs';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';

/**
 * Our protos as protobufjs reads them, custom options included: proto-loader's descriptors (what
 * grpc-js serves from) drop `(cskh.api.*)` options, so every reader of those declarations shares
 * this one parsed root, read once per process: the gateway's field rules, the kit's route rules and
 * reply masking (server layer), the pushes and the socket routes (messaging layer). Not exported by
 * the core's index: a component that reads no declaration never loads protobufjs.
 */
let root: protobuf.Root | undefined;
export function protoRootWithOptions(): protobuf.Root {
  return (root ??= parseProtos(PROTO_FILES));
}

/**
 * A root of the given files with their options (a test's own protos beside ours): an import
 * resolves under proto/, google/protobuf/descriptor.proto (imported by our options) from the copy
 * protobufjs ships, a file given by its absolute path as itself.
 */
export function parseProtos(files: string[], includeDirs: string[] = [PROTO_ROOT]): protobuf.Root {
  const pbDir = dirname(require.resolve('protobufjs/package.json'));
  const r = new protobuf.Root();
  r.resolvePath = (_origin, target) => {
    if (isAbsolute(target)) return target;
    if (target.startsWith('google/')) return join(pbDir, target);
    return includeDirs.map((d) => join(d, target)).find((p) => existsSync(p)) ?? join(includeDirs[0], target);
  };
  r.loadSync(files, { keepCase: true });
  r.resolveAll();
  return r;
}

/** One custom option's value (`'(cskh.api.field)'`, `'(cskh.api.route)'`…) from protobufjs's parsedOptions. */
export function optionOf(parsed: unknown, name: string): Record<string, unknown> | undefined {
  const found = ((parsed ?? []) as Array<Record<string, unknown>>).find((o) => name in o)?.[name];
  return found && typeof found === 'object' ? (found as Record<string, unknown>) : undefined;
}

/** Every message type of our protos, nested ones included. */
export function* messageTypes(ns: protobuf.NamespaceBase = protoRootWithOptions()): Generator<protobuf.Type> {
  for (const obj of ns.nestedArray) {
    if (obj instanceof protobuf.Type) yield obj;
    if (obj instanceof protobuf.Namespace) yield* messageTypes(obj);
  }
}

/** Every service of our protos. */
export function* services(ns: protobuf.NamespaceBase = protoRootWithOptions()): Generator<protobuf.Service> {
  for (const obj of ns.nestedArray) {
    if (obj instanceof protobuf.Service) yield obj;
    if (obj instanceof protobuf.Namespace) yield* services(obj);
  }
}

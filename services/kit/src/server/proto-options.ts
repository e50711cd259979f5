import { dirname, join } from 'node:path';
import * as protobuf from 'protobufjs';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';

/**
 * Our protos as protobufjs reads them, custom options included: proto-loader's descriptors (what
 * grpc-js serves from) drop `(cskh.api.*)` options, so every reader of those declarations (the
 * gateway's field rules, the kit's route rules and reply masking) shares this one parsed root.
 */
let root: protobuf.Root | undefined;
export function protoRootWithOptions(): protobuf.Root {
  if (root) return root;
  const pbDir = dirname(require.resolve('protobufjs/package.json'));
  const r = new protobuf.Root();
  // google/protobuf/descriptor.proto (imported by our options) ships with protobufjs.
  r.resolvePath = (_origin, target) =>
    target.startsWith('/') ? target : target.startsWith('google/') ? join(pbDir, target) : join(PROTO_ROOT, target);
  r.loadSync(PROTO_FILES, { keepCase: true });
  r.resolveAll();
  return (root = r);
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

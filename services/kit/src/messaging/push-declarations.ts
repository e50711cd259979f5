/**
 * What a service may push to browsers unasked, as declared with `(cskh.api.push)` on the messages
 * of proto/cskh/events/v1/pushes.proto: the event's name, who may get it, and its payload (the
 * message). The kit's pushes go through `declaredPush()`, so a push nobody declared, or one sent to
 * a room of an audience its declaration does not name (a user's reminder to everyone), fails where
 * it is made instead of reaching a browser.
 */
import * as protobuf from 'protobufjs';
import { events_v1_pushes } from '@cskh/proto';
import { optionOf, protoRootWithOptions } from '../core/proto-options';

/** Who a push reaches: every socket of one user, one browser, or everyone. */
export type Audience = 'user' | 'client' | 'all';
const AUDIENCES: readonly string[] = ['user', 'client', 'all'] satisfies Audience[];

export interface PushDeclaration {
  /** The payload's message, e.g. cskh.events.v1.OrdersChanged. */
  message: string;
  event: string;
  audiences: Audience[];
}

/** A generated payload message of pushes.proto (its ts-proto functions); P is what it is built from. */
export interface PushType<T, P> {
  fromPartial(object: P): T;
}

interface PushOption {
  event?: string;
  audiences?: string[];
}

/** The messages of `root` carrying (cskh.api.push), checked: an event, known audiences, events unique. */
export function pushDeclarationsOf(root: protobuf.Root): PushDeclaration[] {
  const found: PushDeclaration[] = [];
  const visit = (ns: protobuf.NamespaceBase) => {
    for (const item of ns.nestedArray) {
      if (item instanceof protobuf.Type) {
        const opt = optionOf(item.parsedOptions, '(cskh.api.push)') as PushOption | undefined;
        if (opt) found.push(checked(item.fullName.replace(/^\./, ''), opt, found));
      }
      if (item instanceof protobuf.Namespace || item instanceof protobuf.Type) visit(item);
    }
  };
  visit(root);
  return found;
}

function checked(message: string, opt: PushOption, before: PushDeclaration[]): PushDeclaration {
  const where = `${message} (cskh.api.push)`;
  const event = opt.event ?? '';
  const audiences = opt.audiences ?? [];
  if (!event) throw new Error(`${where}: event is required`);
  if (!audiences.length || audiences.some((a) => !AUDIENCES.includes(a)))
    throw new Error(`${where}: audiences must be some of ${AUDIENCES.join(', ')}`);
  const clash = before.find((d) => d.event === event);
  if (clash) throw new Error(`${where}: event "${event}" already declared by ${clash.message}`);
  return { message, event, audiences: audiences as Audience[] };
}

let byMessage: Map<string, PushDeclaration> | undefined;

/** Every push declared in our protos (the process's one parse of them, the kit's protoRootWithOptions). */
export function loadPushDeclarations(): PushDeclaration[] {
  byMessage ??= new Map(pushDeclarationsOf(protoRootWithOptions()).map((d) => [d.message, d]));
  return [...byMessage.values()];
}

/** The generated payload types of pushes.proto, by the functions object ts-proto exports for each. */
const messageNames = new Map<unknown, string>(
  Object.entries(events_v1_pushes)
    .filter(([, v]) => typeof v === 'object' && v !== null && 'fromPartial' in v)
    .map(([name, fns]) => [fns, `${events_v1_pushes.protobufPackage}.${name}`]),
);

/** The room's audience: user:<name>, client:<id> or all. */
export function audienceOf(room: string): Audience | undefined {
  if (room === 'all') return 'all';
  const prefix = room.slice(0, room.indexOf(':'));
  return prefix === 'user' || prefix === 'client' ? prefix : undefined;
}

/**
 * The declaration of a push of `type` to `room`, and its payload as the browser gets it: the
 * declared fields only (a field nobody declared, such as an unmasked phone, is not sent), each
 * present. Throws for an undeclared type or an audience the declaration does not name.
 */
export function declaredPush<T, P>(type: PushType<T, P>, room: string, payload: P): { event: string; json: string } {
  loadPushDeclarations();
  const message = messageNames.get(type);
  const decl = message ? byMessage!.get(message) : undefined;
  if (!decl) throw new Error(`push of ${message ?? 'a message outside pushes.proto'}: no (cskh.api.push) declares it`);
  const audience = audienceOf(room);
  if (!audience || !decl.audiences.includes(audience))
    throw new Error(`push ${decl.event} to room "${room}": declared for ${decl.audiences.join(', ')} only`);
  return { event: decl.event, json: JSON.stringify(type.fromPartial(payload)) };
}

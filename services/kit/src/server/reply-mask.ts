import * as protobuf from 'protobufjs';
import { messageTypes, optionOf, protoRootWithOptions } from '../core/proto-options';
import { phoneMaskedFor } from '../core/phone';
import { exempt, maskString, MaskException, MaskViewer, ownPhonesOf } from '../core/mask-strings';

/**
 * Masking as a property of every reply (spec 1 §9, spec 3 §6: '****' plus the last 5 digits for
 * priority 3 and above), applied in one place — the kit's reply step (grpc.ts `adapt()`), for every
 * routed RPC: lists, by-id, histories and the gateway's export windows (which call the same RPC).
 * The reply's message type, read from the protos, says which fields are strings; every one of them
 * is masked, nested messages and lists included, except the fields declared `unmasked` beside them
 * (options.proto). A new route or field is masked without anyone writing a line.
 */

interface FieldPlan {
  name: string;
  /** A string (or repeated string, or map of strings). */
  text: boolean;
  /** A message (or repeated or map of messages). */
  message?: protobuf.Type;
  /** A map: its values are masked. */
  map: boolean;
  exception?: MaskException;
}

function exceptionOf(f: protobuf.Field): MaskException | undefined {
  const opt = optionOf(f.parsedOptions, '(cskh.api.field)');
  if (!opt?.unmasked) return undefined;
  return {
    reason: String(opt.unmasked),
    forOwner: opt.unmasked_for_owner ? String(opt.unmasked_for_owner) : undefined,
    whileTrue: opt.unmasked_while ? String(opt.unmasked_while) : undefined,
  };
}

const plans = new Map<protobuf.Type, FieldPlan[]>();
const textFields = new Map<protobuf.Type, string[]>();
function planOf(type: protobuf.Type): FieldPlan[] {
  let plan = plans.get(type);
  if (plan) return plan;
  plan = [];
  plans.set(type, plan);
  textFields.set(type, []);
  for (const f of type.fieldsArray) {
    const exception = exceptionOf(f);
    const map = f instanceof protobuf.MapField;
    if (f.type === 'string') {
      plan.push({ name: f.name, text: true, map, exception });
      textFields.get(type)?.push(f.name);
    } else if (f.resolvedType instanceof protobuf.Type) plan.push({ name: f.name, text: false, map, message: f.resolvedType, exception });
  }
  return plan;
}

/** Every declared exception: "package.Message.field" → why and on which rows (README, tests). */
export function declaredMaskExceptions(): Map<string, MaskException> {
  const out = new Map<string, MaskException>();
  for (const type of messageTypes())
    for (const f of type.fieldsArray) {
      const e = exceptionOf(f);
      if (e) out.set(`${type.fullName.slice(1)}.${f.name}`, e);
    }
  return out;
}

const replyTypes = new Map<string, protobuf.Type | null>();
/** The reply type of a gRPC method path (`/cskh.dataops.v1.DataopsListService/ListOtp`). */
export function replyTypeOf(method: string): protobuf.Type | null {
  let t = replyTypes.get(method);
  if (t !== undefined) return t;
  const [, svc, rpc] = method.split('/');
  const m = protoRootWithOptions().lookup(svc);
  const found = m instanceof protobuf.Service ? m.methods[rpc] : undefined;
  t = found?.resolvedResponseType ?? null;
  replyTypes.set(method, t);
  return t;
}

/** A value of one message type as the viewer may see it (a new copy). */
function maskMessage(v: unknown, type: protobuf.Type, viewer: MaskViewer, inherited: readonly string[]): unknown {
  if (!v || typeof v !== 'object') return v;
  const row = v as Record<string, unknown>;
  const plan = planOf(type);
  const own = [...inherited, ...ownPhonesOf(row, textFields.get(type) ?? [])];
  const out: Record<string, unknown> = { ...row };
  for (const f of plan) {
    const x = row[f.name];
    if (x === undefined || x === null || exempt(f.exception, row, viewer)) continue;
    const one = (y: unknown) =>
      f.text ? (typeof y === 'string' ? maskString(y, viewer, own) : y) : f.message ? maskMessage(y, f.message, viewer, own) : y;
    out[f.name] = Array.isArray(x)
      ? x.map(one)
      : f.map && typeof x === 'object'
        ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, one(y)]))
        : one(x);
  }
  return out;
}

/** A reply of a routed RPC as the viewer may see it: unchanged for priority below 3. */
export function maskReply(method: string, reply: unknown, viewer: MaskViewer): unknown {
  if (!phoneMaskedFor(viewer.priority)) return reply;
  const type = replyTypeOf(method);
  return type ? maskMessage(reply, type, viewer, []) : reply;
}

import * as protoLoader from '@grpc/proto-loader';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';
import type { UsernameBar } from '@cskh/kit';
import { RouteOptionRules, routeRules, RpcRouteInfo, serviceBar } from '@cskh/kit/server';
import { checkFormatName, FieldRule, loadFieldRules, normalise } from './field-rules';

/** The guard and REST shape of one browser-facing RPC, read from its (cskh.api.route) option. */
export interface RouteGuard {
  permissions: string[];
  priorityBelow: number;
  public: boolean;
  /** Its service's username bar ((cskh.api.service) option): HNIMB… on refunds. */
  barred?: UsernameBar;
}

/** What a route declares beyond its guard: a list's row scope and owner field, its export ban. */
export type RouteRules = Pick<RpcRouteInfo, 'rowScope' | 'rowOwner' | 'exportBarred' | 'exportOnly'>;

export interface FieldInfo {
  name: string;
  /** descriptor type: TYPE_STRING, TYPE_INT64, TYPE_MESSAGE, … */
  type: string;
  repeated: boolean;
  /** Fully qualified message or enum type (TYPE_MESSAGE / TYPE_ENUM), e.g. cskh.auth.v1.PermissionRef */
  typeName?: string;
  /** Its (cskh.api.field) option, if any: required, lengths, format, bounds, allowed values. */
  rule?: FieldRule;
  /** proto3 `optional`: absent from a reply when unset (the others always carry their default). */
  optional?: boolean;
  /** A `map<K, V>` field: a JSON object whose keys are K and values V (not a list of entries). */
  map?: { key: FieldInfo; value: FieldInfo };
}

/** Every message type of the protos: full name → its fields; every enum: full name → its value names. */
export interface ProtoTypes {
  messages: ReadonlyMap<string, FieldInfo[]>;
  enums: ReadonlyMap<string, string[]>;
}

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As declared: /api/v1/users/{id} */
  path: string;
  /** Express form: /api/v1/users/:id */
  expressPath: string;
  pathParams: string[];
  /** e.g. auth (from package cskh.auth.v1) */
  service: string;
  /** Fully qualified service, e.g. cskh.auth.v1.UserService */
  serviceFullName: string;
  rpc: string;
  /**
   * The route's name in the OpenAPI document: service.rpc, and for a route that fixes request
   * fields (option `set`) their values after it (cskh.orders.v1.OrderService.ListOrders.9279).
   */
  operationId: string;
  /** Request fields the route fixes (option `set`): field → value, over anything the caller sends. */
  fixed: Record<string, string>;
  guard: RouteGuard;
  rules: RouteRules;
  successStatus: number;
  bodyField?: string;
  summary?: string;
  /** Fully qualified request message, e.g. cskh.auth.v1.SaveRoleRequest */
  requestType: string;
  responseType: string;
  requestFields: FieldInfo[];
  /** What only the service can refuse of a request the document allows (route option `refusals`). */
  refusals: Array<{ status: number; why: string }>;
  /** Rules between fields no JSON Schema states (route option `across`). */
  across: string[];
  /** Nested message and enum types, for validating and describing request bodies. */
  types: ProtoTypes;
}

export const LOADER_OPTIONS: protoLoader.Options = {
  includeDirs: [PROTO_ROOT],
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  arrays: true,
  // No real oneof in our protos; true would add "_field" keys for every proto3 optional field.
  oneofs: false,
};

export function loadPackageDefinition() {
  return protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
}

interface RouteOption extends RouteOptionRules {
  get?: string;
  post?: string;
  put?: string;
  delete?: string;
  permissions?: string[];
  priority_below?: number;
  public?: boolean;
  success_status?: number;
  body?: string;
  summary?: string;
  fields?: RouteFieldOption | RouteFieldOption[];
  refusals?: string | string[];
  across?: string | string[];
  set?: string | string[];
  additional_bindings?: RouteOption | RouteOption[];
}

interface RouteFieldOption {
  name: string;
  rule?: Record<string, unknown>;
}

/** A repeated option holds one value as itself, several as a list. */
const listOf = <T>(v: T | T[] | undefined): T[] => ([] as T[]).concat(v ?? []);

/** The route's request fields, each with the route's own rule (option `fields`) over the message's. */
function routeFields(name: string, fields: FieldInfo[], own: RouteFieldOption[]): FieldInfo[] {
  const rules = new Map<string, FieldRule>();
  for (const o of own) {
    if (!fields.some((f) => f.name === o.name)) throw new Error(`${name}: field "${o.name}" is not in the request message`);
    const rule = normalise(o.rule ?? {});
    checkFormatName(`${name}.${o.name}`, rule);
    rules.set(o.name, rule);
  }
  return fields.map((f) => (rules.has(f.name) ? { ...f, rule: { ...f.rule, ...rules.get(f.name) } } : f));
}

/** What a binding takes from its RPC's primary route when it does not declare its own (never the guard). */
const INHERITED = ['success_status', 'body', 'fields', 'refusals', 'across', 'row_scope', 'row_owner', 'export_only'] as const;
/** The rules the kit enforces per RPC: every binding of an RPC must agree with the primary route. */
const PER_RPC = ['row_scope', 'row_owner', 'export_barred', 'export_only'] as const;

/** The primary route and each of its additional bindings, as routes of their own. */
function bindingsOf(name: string, opt: RouteOption): RouteOption[] {
  const extra = listOf(opt.additional_bindings).map((b) => {
    if (b.additional_bindings) throw new Error(`${name}: a binding holds no further bindings`);
    const own = { ...b };
    for (const k of INHERITED) if (own[k] === undefined || own[k] === '' || own[k] === 0) Object.assign(own, { [k]: opt[k] });
    for (const k of PER_RPC)
      if (JSON.stringify(listOf<unknown>(own[k])) !== JSON.stringify(listOf<unknown>(opt[k])))
        throw new Error(`${name}: a binding may not change ${k} (the kit enforces it per RPC)`);
    return own;
  });
  return [opt, ...extra];
}

/** "field=value" of option `set` → field → value; the field must be a string of the request. */
function fixedFields(name: string, fields: FieldInfo[], set: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of set) {
    const m = /^(\w+)=(.*)$/.exec(s);
    if (!m) throw new Error(`${name}: set "${s}" must be "field=value"`);
    const f = fields.find((x) => x.name === m[1]);
    if (!f || f.type !== 'TYPE_STRING' || f.repeated) throw new Error(`${name}: set names "${m[1]}", not a string field of the request`);
    out[m[1]] = m[2];
  }
  return out;
}

/** "404 why" → its status and why; anything else stops the gateway at start. */
function parseRefusal(name: string, text: string) {
  const m = /^([45]\d\d) (.+)$/.exec(text);
  if (!m) throw new Error(`${name}: refusal "${text}" must be "STATUS why"`);
  return { status: Number(m[1]), why: m[2] };
}

interface RawField {
  name: string;
  type: string;
  label: string;
  typeName: string;
  proto3Optional?: boolean;
}
type MessageType = {
  name?: string;
  field?: RawField[];
  nestedType?: MessageType[];
  oneofDecl?: Array<{ name: string }>;
  options?: { mapEntry?: boolean } | null;
};
type Descriptor = { format?: string; type?: MessageType & { value?: Array<{ name: string }> } };

/**
 * proto-loader names field types relative to the scope they are written in ("PermissionRef",
 * "common.v1.RoleRef"); protobuf resolves them from the innermost scope outwards, and so do we.
 */
function resolveTypeName(scope: string, typeName: string, known: (name: string) => boolean): string {
  if (typeName.startsWith('.')) return typeName.slice(1);
  const parts = scope.split('.');
  for (let i = parts.length; i >= 0; i--) {
    const candidate = [...parts.slice(0, i), typeName].join('.');
    if (known(candidate)) return candidate;
  }
  return typeName;
}

/** Message and enum types of the loaded protos, field types resolved to full names. */
export function protoTypes(def: protoLoader.PackageDefinition): ProtoTypes {
  const entries = Object.entries(def as Record<string, Descriptor>);
  const known = (name: string) => Boolean((def as Record<string, Descriptor>)[name]?.format);
  const messages = new Map<string, FieldInfo[]>();
  const enums = new Map<string, string[]>();
  const rules = loadFieldRules();
  for (const [fullName, d] of entries) {
    if (d.format?.endsWith('DescriptorProto') && !d.format.includes('Enum')) {
      // protobufjs's descriptors leave proto3Optional false; a proto3 `optional` field shows as the
      // synthetic oneof `_<field>` instead (our protos have no real oneof).
      const synthetic = new Set((d.type?.oneofDecl ?? []).map((o) => o.name));
      const field = (f: RawField, scope: string): FieldInfo => ({
        name: f.name,
        type: f.type,
        repeated: f.label === 'LABEL_REPEATED',
        typeName: f.typeName ? resolveTypeName(scope, f.typeName, known) : undefined,
        ...(rules.has(`${scope}.${f.name}`) ? { rule: rules.get(`${scope}.${f.name}`) } : {}),
        ...(f.proto3Optional || synthetic.has(`_${f.name}`) ? { optional: true } : {}),
      });
      // Map fields are repeated entries of a nested type marked mapEntry: carried as key and value.
      const entries = new Map((d.type?.nestedType ?? []).filter((n) => n.options?.mapEntry).map((n) => [n.name, n]));
      messages.set(
        fullName,
        (d.type?.field ?? []).map((f) => {
          const entry = f.type === 'TYPE_MESSAGE' ? entries.get(f.typeName) : undefined;
          if (!entry) return field(f, fullName);
          const [key, value] = ['key', 'value'].map((n) =>
            field(
              entry.field!.find((x) => x.name === n)!,
              `${fullName}.${entry.name}`,
            ),
          );
          return { name: f.name, type: 'TYPE_MESSAGE', repeated: false, map: { key, value } };
        }),
      );
    } else if (d.format?.includes('EnumDescriptorProto')) {
      enums.set(
        fullName,
        (d.type?.value ?? []).map((v) => v.name),
      );
    }
  }
  return { messages, enums };
}

/** Every route declared in the protos; the gateway is never edited per endpoint. */
export function collectRoutes(def = loadPackageDefinition()): RouteDef[] {
  const routes: RouteDef[] = [];
  const types = protoTypes(def);
  // A method's request type carries only the short name of its descriptor: find the message of
  // that name whose descriptor is the same (two packages may share a short name).
  const messagesByShortName = new Map<string, Array<[string, string]>>();
  for (const [name, d] of Object.entries(def as Record<string, Descriptor>)) {
    if (!types.messages.has(name)) continue;
    const short = name.slice(name.lastIndexOf('.') + 1);
    messagesByShortName.set(short, [...(messagesByShortName.get(short) ?? []), [name, JSON.stringify(d.type)]]);
  }
  const fullNameOf = (t: unknown) => {
    const d = (t as Descriptor & { type: { name: string } }).type;
    const json = JSON.stringify(d);
    return messagesByShortName.get(d.name)?.find(([, j]) => j === json)?.[0];
  };
  for (const [fullName, svc] of Object.entries(def)) {
    if (!('format' in svc) && typeof svc === 'object') {
      for (const [rpc, m] of Object.entries(svc as protoLoader.ServiceDefinition)) {
        const declared = (m.options as Record<string, unknown>)['(cskh.api.route)'] as RouteOption | undefined;
        if (!declared) continue;
        const pkg = fullName.split('.');
        const requestType = fullNameOf(m.requestType);
        const responseType = fullNameOf(m.responseType);
        if (!requestType || !responseType) throw new Error(`${fullName}.${rpc}: request or response type not found`);
        for (const opt of bindingsOf(`${fullName}.${rpc}`, declared)) {
          const method = (['get', 'post', 'put', 'delete'] as const).find((v) => opt[v]);
          if (!method) throw new Error(`${fullName}.${rpc}: route option without a verb`);
          const path = opt[method]!;
          const messageFields = types.messages.get(requestType) ?? [];
          const fixed = fixedFields(`${fullName}.${rpc}`, messageFields, listOf(opt.set));
          const suffix = Object.values(fixed)
            .map((v) => `.${v}`)
            .join('');
          routes.push({
            method,
            path,
            expressPath: path.replace(/\{(\w+)\}/g, ':$1'),
            pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
            service: pkg[1],
            serviceFullName: fullName,
            rpc,
            operationId: `${fullName}.${rpc}${suffix}`,
            fixed,
            guard: {
              permissions: opt.permissions ?? [],
              priorityBelow: opt.priority_below ?? 0,
              public: opt.public ?? false,
              ...(serviceBar(fullName) ? { barred: serviceBar(fullName) } : {}),
            },
            rules: routeRules(`${fullName}.${rpc}`, opt),
            successStatus: opt.success_status || 200,
            bodyField: opt.body || undefined,
            summary: opt.summary || undefined,
            requestType,
            responseType,
            // A fixed field is the route's, not the caller's: neither read nor documented.
            requestFields: routeFields(`${fullName}.${rpc}`, messageFields, listOf(opt.fields)).filter((f) => !(f.name in fixed)),
            refusals: listOf(opt.refusals).map((t) => parseRefusal(`${fullName}.${rpc}`, t)),
            across: listOf(opt.across),
            types,
          });
        }
      }
    }
  }
  // Literal segments before parameters: /users/me/brands must win over /users/{id}.
  return routes.sort((a, b) => specificity(b.path) - specificity(a.path));
}

function specificity(path: string): number {
  return path.split('/').reduce((s, seg, i) => s + (seg.startsWith('{') ? 0 : 1000 / (i + 1)), 0);
}

/** The services (proto package cskh.<name>.v1) that have at least one REST route. */
export function routedServices(routes = collectRoutes()): string[] {
  return [...new Set(routes.map((r) => r.service))].sort();
}

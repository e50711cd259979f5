import * as protoLoader from '@grpc/proto-loader';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';

/** The guard and REST shape of one browser-facing RPC, read from its (cskh.api.route) option. */
export interface RouteGuard {
  permissions: string[];
  priorityBelow: number;
  public: boolean;
}

export interface FieldInfo {
  name: string;
  type: string;
  repeated: boolean;
  typeName?: string;
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
  guard: RouteGuard;
  successStatus: number;
  bodyField?: string;
  summary?: string;
  requestType: string;
  responseType: string;
  requestFields: FieldInfo[];
}

export const LOADER_OPTIONS: protoLoader.Options = {
  includeDirs: [PROTO_ROOT],
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  arrays: true,
  oneofs: true,
};

export function loadPackageDefinition() {
  return protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
}

interface RouteOption {
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
}

/** Every route declared in the protos; the gateway is never edited per endpoint. */
export function collectRoutes(def = loadPackageDefinition()): RouteDef[] {
  const routes: RouteDef[] = [];
  for (const [fullName, svc] of Object.entries(def)) {
    if (!('format' in svc) && typeof svc === 'object') {
      for (const [rpc, m] of Object.entries(svc as protoLoader.ServiceDefinition)) {
        const opt = (m.options as Record<string, unknown>)['(cskh.api.route)'] as RouteOption | undefined;
        if (!opt) continue;
        const method = (['get', 'post', 'put', 'delete'] as const).find((v) => opt[v]);
        if (!method) throw new Error(`${fullName}.${rpc}: route option without a verb`);
        const path = opt[method]!;
        const pkg = fullName.split('.');
        const reqType = (m.requestType as unknown as { type: { name: string; field: Array<{ name: string; type: string; label: string; typeName: string }> } }).type;
        const resType = (m.responseType as unknown as { type: { name: string } }).type;
        routes.push({
          method,
          path,
          expressPath: path.replace(/\{(\w+)\}/g, ':$1'),
          pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
          service: pkg[1],
          serviceFullName: fullName,
          rpc,
          guard: {
            permissions: opt.permissions ?? [],
            priorityBelow: opt.priority_below ?? 0,
            public: opt.public ?? false,
          },
          successStatus: opt.success_status || 200,
          bodyField: opt.body || undefined,
          summary: opt.summary || undefined,
          requestType: reqType.name,
          responseType: resType.name,
          requestFields: reqType.field.map((f) => ({
            name: f.name,
            type: f.type,
            repeated: f.label === 'LABEL_REPEATED',
            typeName: f.typeName || undefined,
          })),
        });
      }
    }
  }
  // Literal segments before parameters: /users/me/brands must win over /users/{id}.
  return routes.sort((a, b) => specificity(b.path) - specificity(a.path));
}

function specificity(path: string): number {
  return path.split('/').reduce((s, seg, i) => s + (seg.startsWith('{') ? 0 : 1000 / (i + 1)), 0);
}

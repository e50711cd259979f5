import * as protoLoader from '@grpc/proto-loader';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';

/** How an RPC is reached, from its `(cskh.api.route)` option (the same option the gateway reads). */
export interface RpcRouteInfo {
  /** Has a REST route: reached by browsers through the gateway, so a caller identity is required… */
  routed: boolean;
  /** …unless the route is public (login). */
  isPublic: boolean;
}

let cache: Map<string, RpcRouteInfo> | undefined;

/** Every RPC of our protos by gRPC path (`/cskh.auth.v1.SessionService/Login`). Read once. */
export function rpcRouteInfo(): Map<string, RpcRouteInfo> {
  if (cache) return cache;
  const def = protoLoader.loadSync(PROTO_FILES, { includeDirs: [PROTO_ROOT], keepCase: true });
  const out = new Map<string, RpcRouteInfo>();
  for (const svc of Object.values(def)) {
    if (!svc || typeof svc !== 'object' || 'format' in svc) continue;
    for (const m of Object.values(svc as protoLoader.ServiceDefinition)) {
      const opt = (m.options as Record<string, unknown> | undefined)?.['(cskh.api.route)'] as { public?: boolean } | undefined;
      out.set(m.path, { routed: !!opt, isPublic: !!opt?.public });
    }
  }
  cache = out;
  return out;
}

import { optionOf, services } from '../core/proto-options';
import { isRowScope, RowScope, UsernameBar } from '../core/route-rules';

/**
 * How an RPC is reached and what its declarations say, from its `(cskh.api.route)` option and its
 * service's `(cskh.api.service)` option (the same options the gateway reads).
 */
export interface RpcRouteInfo {
  /** Has a REST route: reached by browsers through the gateway, so a caller identity is required… */
  routed: boolean;
  /** …unless the route is public (login). */
  isPublic: boolean;
  /** A list route's declared row scope. */
  rowScope?: RowScope;
  /** The reply row's field naming its owner (for scope "subtree", "own", "pool"). */
  rowOwner?: string;
  /** Priorities that may not export this list. */
  exportBarred: readonly number[];
  /** Every call of the route is an export (a listExport route). */
  exportOnly?: boolean;
  /** The service's username bar (every RPC of the service, routed or not). */
  barred?: UsernameBar;
}

/** The declarations of one route option as the protos hold them. */
export interface RouteOptionRules {
  row_scope?: string;
  row_owner?: string;
  export_barred?: number[];
  export_only?: boolean;
}

let cache: Map<string, RpcRouteInfo> | undefined;

/** A route option's declared rules, checked: an unknown row scope stops the process at start. */
export function routeRules(
  where: string,
  opt: RouteOptionRules | undefined,
): Pick<RpcRouteInfo, 'rowScope' | 'rowOwner' | 'exportBarred' | 'exportOnly'> {
  const scope = opt?.row_scope || undefined;
  if (scope !== undefined && !isRowScope(scope)) throw new Error(`${where}: unknown row_scope "${scope}"`);
  const barred = ([] as unknown[]).concat(opt?.export_barred ?? []).map(Number);
  return {
    rowScope: scope,
    rowOwner: opt?.row_owner || undefined,
    exportBarred: barred,
    ...(opt?.export_only ? { exportOnly: true } : {}),
  };
}

/** Every RPC of our protos by gRPC path (`/cskh.auth.v1.SessionService/Login`). Read once. */
export function rpcRouteInfo(): Map<string, RpcRouteInfo> {
  if (cache) return cache;
  const out = new Map<string, RpcRouteInfo>();
  for (const svc of services()) {
    const declared = optionOf(svc.parsedOptions, '(cskh.api.service)');
    const prefixes = ([] as unknown[]).concat(declared?.barred_username_prefixes ?? []).map(String);
    const barred = prefixes.length
      ? { prefixes, msg: String(declared?.barred_msg || 'Bạn không có quyền sử dụng chức năng này') }
      : undefined;
    const name = svc.fullName.slice(1);
    for (const m of svc.methodsArray) {
      const opt = optionOf(m.parsedOptions, '(cskh.api.route)') as (RouteOptionRules & { public?: boolean }) | undefined;
      out.set(`/${name}/${m.name}`, {
        routed: !!opt,
        isPublic: !!opt?.public,
        ...routeRules(`${name}.${m.name}`, opt),
        ...(barred ? { barred } : {}),
      });
    }
  }
  cache = out;
  return out;
}

/** A service's username bar by full name (cskh.refunds.v1.RefundsService), for the gateway. */
export function serviceBar(serviceFullName: string): UsernameBar | undefined {
  for (const [path, info] of rpcRouteInfo()) if (path.startsWith(`/${serviceFullName}/`)) return info.barred;
  return undefined;
}

import { MAX_PAGE_SIZE } from './paging';

/**
 * The rules a route declares beside its guard in the proto (proto/cskh/api/options.proto): the
 * gateway enforces them before the call, the kit's middleware again (services are reachable over
 * gRPC too). Plain functions, so that both sides apply the same predicate.
 */

/** Whose rows a list route answers (the `row_scope` of its route option). */
export const ROW_SCOPES = ['subtree', 'own', 'pool', 'all', 'record'] as const;
export type RowScope = (typeof ROW_SCOPES)[number];
export const isRowScope = (s: string): s is RowScope => (ROW_SCOPES as readonly string[]).includes(s);

/** A service's username bar (its `(cskh.api.service)` option). */
export interface UsernameBar {
  prefixes: readonly string[];
  msg: string;
}

/** The refusal message when this username may not use the service, else undefined. */
export function usernameRefusal(bar: UsernameBar | undefined, username: string): string | undefined {
  if (!bar) return undefined;
  const u = username.toUpperCase();
  return bar.prefixes.some((p) => u.startsWith(p.toUpperCase())) ? bar.msg : undefined;
}

export const EXPORT_FORBIDDEN_MSG = 'Bạn không có quyền xuất dữ liệu';

/**
 * Whether a list request is an export: it asks for more rows than the largest page a screen
 * offers (count > MAX_PAGE_SIZE), or for every row by name (lookup history's getAll).
 */
export function isExportRequest(request: unknown): boolean {
  if (!request || typeof request !== 'object') return false;
  const r = request as { count?: unknown; getAll?: unknown };
  return Number(r.count ?? 0) > MAX_PAGE_SIZE || r.getAll === true || r.getAll === 'true';
}

/** A list route's export declarations (its route option's export_barred and export_only). */
export interface ExportRule {
  exportBarred: readonly number[];
  /** Every call is an export (a listExport route). */
  exportOnly?: boolean;
}

/** The refusal message when this caller may not make this request as an export, else undefined. */
export function exportRefusal(rule: ExportRule, priority: number, request: unknown): string | undefined {
  return rule.exportBarred.includes(priority) && (rule.exportOnly || isExportRequest(request)) ? EXPORT_FORBIDDEN_MSG : undefined;
}

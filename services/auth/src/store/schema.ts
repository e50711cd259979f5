import type { Paging } from '@cskh/kit';

/** The auth service's PostgreSQL schema: the one place its name is written. */
export const SCHEMA = 'auth';

const table = (name: string) => `"${SCHEMA}".${name}`;
export const USERS = table('users');
export const ROLES = table('roles');
export const PERMISSIONS = table('permissions');
export const ROLE_PERMISSIONS = table('role_permissions');
export const USER_PERMISSIONS = table('user_permissions');
export const INVITE_CHANNELS = table('invite_channels');
export const SYSTEM_ACCOUNTS = table('system_accounts');
export const SESSIONS = table('sessions');

/**
 * OFFSET and, for a page, LIMIT. Unlike the kit's pageSql, "all rows" stays all rows: auth's
 * lists are short and have always answered an export in one reply (their window is not applied).
 */
export const limitOffset = (p: Pick<Paging, 'skip' | 'take'>) =>
  `${p.take !== undefined ? `LIMIT ${Math.floor(p.take)} ` : ''}OFFSET ${Math.floor(p.skip)}`;

/** `a = $2, b = $3` for the keys of `set` (column names from code, never from a request), numbered after `first`. */
export function setClause(set: Record<string, unknown>, first = 1): { sql: string; values: unknown[] } {
  const keys = Object.keys(set).filter((k) => set[k] !== undefined);
  return { sql: keys.map((k, i) => `${k} = $${first + i + 1}`).join(', '), values: keys.map((k) => set[k]) };
}

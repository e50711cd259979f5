import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { likeContains, StaffScope, typedForm, USER_CHANGED_TOPIC } from '@cskh/kit/data';
import { addToOutbox } from '@cskh/kit/messaging';
import { PRIORITY } from '@cskh/kit';
import { events_v1_events } from '@cskh/proto';
import { EMPTY_GUID, isUuid, outId } from '../domain/guid';
import { MSG } from '../domain/messages';
import type { RoleRow } from './roles';
import { limitOffset, ROLES, SCHEMA, setClause, USERS } from './schema';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  fullname: string;
  email: string;
  phone: string;
  avatar: string;
  role_id: string;
  /** Branch (a priority-3 user) for priority 4 and above; null otherwise. */
  brand_id: string | null;
  /** Leader (a priority-4 user of the same branch) for priority 5; null otherwise. */
  group_id: string | null;
  /** Locked ('Ngừng hoạt động'). */
  is_deleted: boolean;
  /** True once the per-user permission editor saved a set: then user_permissions is the effective set. */
  custom_permissions: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `u.id, u.username, u.password_hash, u.fullname, u.email, u.phone, u.avatar, u.role_id, u.brand_id, u.group_id,
  u.is_deleted, u.custom_permissions, u.created_at, u.updated_at`;

export async function findUser(em: EntityManager, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const rows: UserRow[] = await em.query(`SELECT ${COLUMNS} FROM ${USERS} u WHERE u.id = $1`, [id.toLowerCase()]);
  return rows[0] ?? null;
}

export async function getUser(em: EntityManager, id: string): Promise<UserRow> {
  const u = await findUser(em, id);
  if (!u) throw new AppError('NOT_FOUND', MSG.userNotFound);
  return u;
}

/** The account of a username, case-insensitively. */
export async function findUserByUsername(em: EntityManager, username: string): Promise<UserRow | null> {
  const name = username.trim();
  if (!name) return null;
  const rows: UserRow[] = await em.query(`SELECT ${COLUMNS} FROM ${USERS} u WHERE lower(u.username) = lower($1)`, [name]);
  return rows[0] ?? null;
}

/** Everyone holding a role. */
export async function usersWithRole(em: EntityManager, roleId: string): Promise<UserRow[]> {
  return em.query(`SELECT ${COLUMNS} FROM ${USERS} u WHERE u.role_id = $1`, [roleId]);
}

export async function countUsersWithRole(em: EntityManager, roleId: string): Promise<number> {
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${USERS} WHERE role_id = $1`, [roleId]);
  return n;
}

export type NewUser = Omit<UserRow, 'id' | 'created_at' | 'updated_at'>;

/** Inserts an account; returns it as stored. */
export async function insertUser(em: EntityManager, u: NewUser): Promise<UserRow> {
  const [row]: UserRow[] = await em.query(
    `INSERT INTO ${USERS} AS u (username, password_hash, fullname, email, phone, avatar, role_id, brand_id, group_id, is_deleted, custom_permissions)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
    [
      u.username,
      u.password_hash,
      u.fullname,
      u.email,
      u.phone,
      u.avatar,
      u.role_id,
      u.brand_id,
      u.group_id,
      u.is_deleted,
      u.custom_permissions,
    ],
  );
  return row;
}

/** Sets columns of one account (undefined ones are left alone) and its updated_at; returns it as stored now. */
export async function updateUser(
  em: EntityManager,
  id: string,
  set: Partial<
    Pick<
      UserRow,
      | 'fullname'
      | 'email'
      | 'phone'
      | 'avatar'
      | 'password_hash'
      | 'role_id'
      | 'brand_id'
      | 'group_id'
      | 'is_deleted'
      | 'custom_permissions'
    >
  >,
): Promise<UserRow> {
  const s = setClause(set);
  const [rows] = (await em.query(`UPDATE ${USERS} u SET ${s.sql}, updated_at = now() WHERE u.id = $1 RETURNING ${COLUMNS}`, [
    id,
    ...s.values,
  ])) as [UserRow[], number];
  // Accounts are locked, never deleted: a missing one is a bug, not the caller's error.
  if (!rows[0]) throw new AppError('INTERNAL');
  return rows[0];
}

/**
 * The accounts inside a viewer's subtree (the kit's StaffScope), as a WHERE clause on `u` with its
 * parameters numbered after `first`: nothing for seniors; a branch the accounts placed in it, a
 * leader its group, each with itself; anyone else only themself. The same rule as the kit's
 * scopeSql, on auth's own columns (uuid branch and leader ids) instead of the staff read model.
 */
export function scopeClause(scope: StaffScope, first = 0): { sql: string; params: unknown[] } {
  if (scope.kind === 'all') return { sql: '', params: [] };
  const me = `u.username = $${first + 1}`;
  if (scope.kind === 'self') return { sql: me, params: [scope.username] };
  const by = scope.kind === 'branch' ? 'u.brand_id' : 'u.group_id';
  // A caller id that is no account's id (never for a real token) matches no one under it.
  const id = isUuid(scope.userId) ? scope.userId.toLowerCase() : EMPTY_GUID;
  return { sql: `(${me} OR ${by} = $${first + 2})`, params: [scope.username, id] };
}

/** A page of accounts in creation order, inside the viewer's subtree, searched by username as staff type it, with the count of the search. */
export async function pageUsers(
  em: EntityManager,
  search: string,
  paging: Pick<Paging, 'skip' | 'take'>,
  scope: StaffScope,
): Promise<{ rows: UserRow[]; count: number }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (search) {
    params.push(likeContains(search));
    clauses.push(`${typedForm('u.username')} LIKE ${typedForm(`$${params.length}`)}`);
  }
  const scoped = scopeClause(scope, params.length);
  if (scoped.sql) {
    clauses.push(scoped.sql);
    params.push(...scoped.params);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const rows: UserRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${USERS} u ${where} ORDER BY u.created_at ASC, u.id ASC ${limitOffset(paging)}`,
    params,
  );
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${USERS} u ${where}`, params);
  return { rows, count: n };
}

/** An active account with its role, as the staff pickers list it. */
export interface StaffRow {
  id: string;
  username: string;
  fullname: string;
  brand_id: string | null;
  group_id: string | null;
  role_id: string;
  role_name: string;
  role_priority: number;
}

/** Which active staff a picker lists: everyone, or one level, optionally of one branch, leader or account. */
export interface StaffPick {
  priority?: number;
  /** Only this account. */
  id?: string;
  brandId?: string | null;
  groupId?: string | null;
}

/** Active staff matching the pick, ordered by priority then username. */
export async function activeStaff(em: EntityManager, pick: StaffPick = {}): Promise<StaffRow[]> {
  const clauses = ['NOT u.is_deleted'];
  const params: unknown[] = [];
  // Every `?` of a clause is the same one parameter.
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replaceAll('?', `$${params.length}`));
  };
  if (pick.priority !== undefined) add('r.priority = ?', pick.priority);
  if (pick.id !== undefined) add('u.id = ?', pick.id);
  // A null branch or leader means any.
  if (pick.brandId !== undefined) add('(?::uuid IS NULL OR u.brand_id = ?)', pick.brandId);
  if (pick.groupId !== undefined) add('(?::uuid IS NULL OR u.group_id = ?)', pick.groupId);
  return em.query(
    `SELECT u.id, u.username, u.fullname, u.brand_id, u.group_id, r.id AS role_id, r.name AS role_name, r.priority AS role_priority
       FROM ${USERS} u JOIN ${ROLES} r ON r.id = u.role_id
      WHERE ${clauses.join(' AND ')}
      ORDER BY r.priority, lower(u.username)`,
    params,
  );
}

/** Ids of the active leaders of a branch, but `exceptUserId`. */
export async function activeLeaderIdsOf(em: EntityManager, brandId: string, exceptUserId?: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await em.query(
    `SELECT u.id FROM ${USERS} u JOIN ${ROLES} r ON r.id = u.role_id
      WHERE NOT u.is_deleted AND r.priority = ${PRIORITY.leader} AND u.brand_id = $1 AND u.id <> $2`,
    [brandId, exceptUserId ?? EMPTY_GUID],
  );
  return rows.map((r) => r.id);
}

/** How many users still point at this user as their branch or leader. */
export async function countDependants(em: EntityManager, userId: string): Promise<number> {
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${USERS} WHERE brand_id = $1 OR group_id = $1`, [userId]);
  return n;
}

/** Writes cskh.auth.user-changed to the outbox, in the caller's transaction. */
export async function publishUserChanged(em: EntityManager, u: UserRow, role: Pick<RoleRow, 'id' | 'name' | 'priority'>) {
  const payload = events_v1_events.UserChanged.encode({
    event_id: randomUUID(),
    user_id: u.id,
    username: u.username,
    fullname: u.fullname,
    role_id: role.id,
    role_name: role.name,
    role_priority: role.priority,
    brand_id: outId(u.brand_id),
    group_id: outId(u.group_id),
    is_deleted: u.is_deleted,
    // Locking is how staff are deleted here (spec 1 §2.6: the delete action toggles the lock).
    is_locked: u.is_deleted,
    changed_at: new Date().toISOString(),
  }).finish();
  await addToOutbox(em, SCHEMA, USER_CHANGED_TOPIC, u.id, payload);
}

import type { DataSource, EntityManager } from 'typeorm';
import { isBranch, isLeader, isManager, isSales, PRIORITY } from '../core/access';
import type { Identity } from '../core/identity';
import type { RowScope } from '../core/route-rules';
import { Where } from './sql';

/**
 * The staff read model any service switches on (`features: { staff: true }`): a table of the
 * people auth knows, kept from `cskh.auth.user-changed` (idempotent: an older event never
 * overwrites a newer one; a replay rebuilds the same table). Services use it for staff pickers,
 * names in lists, phone masking by priority and the own-record and subtree rules, without
 * calling auth on their hot paths.
 *
 * Hierarchy (spec 1 §5): priority 1–2 senior, 3 branch, 4 leader (brand_id = their branch's user
 * id), 5 salesperson (brand_id = branch, group_id = leader's user id); 7 data coordinator.
 */
export const USER_CHANGED_TOPIC = 'cskh.auth.user-changed';

export const staffTableSql = (schema: string) => `
  CREATE TABLE IF NOT EXISTS "${schema}".staff (username text PRIMARY KEY);
  ALTER TABLE "${schema}".staff
    ADD COLUMN IF NOT EXISTS user_id text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS fullname text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS priority int NOT NULL DEFAULT 99,
    ADD COLUMN IF NOT EXISTS role_name text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS brand_id text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS group_id text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS locked boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS deleted boolean NOT NULL DEFAULT false,
    ADD COLUMN IF NOT EXISTS changed_at timestamptz NOT NULL DEFAULT 'epoch',
    ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
  CREATE INDEX IF NOT EXISTS staff_user_id ON "${schema}".staff (user_id);
  CREATE INDEX IF NOT EXISTS staff_brand ON "${schema}".staff (brand_id);
  CREATE INDEX IF NOT EXISTS staff_group ON "${schema}".staff (group_id);`;

export interface StaffMember {
  username: string;
  user_id: string;
  fullname: string;
  priority: number;
  role_name: string;
  brand_id: string;
  group_id: string;
  locked: boolean;
  deleted: boolean;
}

/** What a user-changed event carries (cskh.events.v1.UserChanged). */
export interface StaffChange {
  user_id: string;
  username: string;
  fullname: string;
  role_name: string;
  role_priority: number;
  brand_id: string;
  group_id: string;
  is_deleted: boolean;
  is_locked?: boolean;
  changed_at: string;
}

/**
 * Whose records a viewer sees (spec: a branch sees its branch, a leader their group, a
 * salesperson themself; seniors everyone).
 */
export type StaffScope =
  | { kind: 'all' }
  | { kind: 'branch'; userId: string; username: string }
  | { kind: 'group'; userId: string; username: string }
  | { kind: 'self'; username: string };

export function staffScopeOf(viewer: Pick<Identity, 'priority' | 'userId' | 'username'>): StaffScope {
  if (isManager(viewer.priority)) return { kind: 'all' };
  if (isBranch(viewer.priority)) return { kind: 'branch', userId: viewer.userId, username: viewer.username };
  if (isLeader(viewer.priority)) return { kind: 'group', userId: viewer.userId, username: viewer.username };
  return { kind: 'self', username: viewer.username };
}

/** Whether a staff member is inside a scope (the same rule as scopeSql, for one record). */
export function inScope(
  scope: StaffScope,
  member: Pick<StaffMember, 'username' | 'brand_id' | 'group_id'> | undefined,
  username: string,
): boolean {
  if (scope.kind === 'all') return true;
  if (username === scope.username) return true;
  if (!member || scope.kind === 'self') return false;
  return scope.kind === 'branch' ? member.brand_id === scope.userId : member.group_id === scope.userId;
}

/** Indentation level of a staff member in pickers (branch 0, leader 1, salesperson 2; seniors 0). */
export const staffLevel = (priority: number) => (isLeader(priority) ? 1 : isSales(priority) ? 2 : 0);

export class StaffDirectory {
  constructor(
    private readonly ds: DataSource,
    readonly schema: string,
  ) {}

  private get table() {
    return `"${this.schema}".staff`;
  }

  /** Applies one event; an event older than what is stored changes nothing. */
  async apply(e: StaffChange, em: EntityManager = this.ds.manager): Promise<void> {
    if (!e.username) return;
    const changedAt = e.changed_at && !Number.isNaN(Date.parse(e.changed_at)) ? e.changed_at : new Date().toISOString();
    await em.query(
      `INSERT INTO ${this.table} AS s (username, user_id, fullname, priority, role_name, brand_id, group_id, locked, deleted, changed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT (username) DO UPDATE SET user_id = EXCLUDED.user_id, fullname = EXCLUDED.fullname, priority = EXCLUDED.priority,
         role_name = EXCLUDED.role_name, brand_id = EXCLUDED.brand_id, group_id = EXCLUDED.group_id, locked = EXCLUDED.locked,
         deleted = EXCLUDED.deleted, changed_at = EXCLUDED.changed_at, updated_at = now()
       WHERE s.changed_at <= EXCLUDED.changed_at`,
      [
        e.username,
        e.user_id,
        e.fullname,
        e.role_priority,
        e.role_name,
        e.brand_id ?? '',
        e.group_id ?? '',
        !!e.is_locked,
        !!e.is_deleted,
        changedAt,
      ],
    );
  }

  async get(username: string): Promise<StaffMember | undefined> {
    const rows: StaffMember[] = await this.ds.query(`SELECT * FROM ${this.table} WHERE username = $1`, [username]);
    return rows[0];
  }

  async byUsernames(usernames: readonly string[]): Promise<Map<string, StaffMember>> {
    const names = [...new Set(usernames.filter(Boolean))];
    if (names.length === 0) return new Map();
    const rows: StaffMember[] = await this.ds.query(`SELECT * FROM ${this.table} WHERE username = ANY($1)`, [names]);
    return new Map(rows.map((r) => [r.username, r]));
  }

  /** Full names by username ('' for unknown), for lists that show who did what. */
  async fullnames(usernames: readonly string[]): Promise<Map<string, string>> {
    const m = await this.byUsernames(usernames);
    return new Map([...m].map(([k, v]) => [k, v.fullname]));
  }

  /**
   * Restricts `column` (a username column) to the viewer's scope, as a clause of a Where
   * (nothing for seniors).
   */
  scopeSql(where: Where, viewer: Pick<Identity, 'priority' | 'userId' | 'username'>, column: string): Where {
    const scope = staffScopeOf(viewer);
    if (scope.kind === 'all') return where;
    if (scope.kind === 'self') return where.add(`${column} = ?`, scope.username);
    const by = scope.kind === 'branch' ? 'brand_id' : 'group_id';
    return where.add(`(${column} = ? OR ${column} IN (SELECT username FROM ${this.table} WHERE ${by} = ?))`, scope.username, scope.userId);
  }

  /**
   * Restricts a list's rows (`column`: the row owner's username) to the scope its route declares
   * (`row_scope` in the proto, carried in the call context): "subtree" the viewer's subtree (own,
   * group, branch, all by priority), "own" the viewer's rows only, "all", "pool" and "record" no
   * restriction. A list without a declared scope is a programming error, never "everything".
   */
  rowsInScope(
    where: Where,
    ctx: { user: Pick<Identity, 'priority' | 'userId' | 'username'>; route: { rowScope?: RowScope } },
    column: string,
  ): Where {
    switch (ctx.route.rowScope) {
      case 'subtree':
        return this.scopeSql(where, ctx.user, column);
      case 'own':
        return where.add(`${column} = ?`, ctx.user.username);
      case 'all':
      case 'pool':
      case 'record':
        return where;
      default:
        throw new Error('rowsInScope: the route declares no row_scope');
    }
  }

  /**
   * Whether the viewer may see one record owned by `username` (the subtree rule for one row): the
   * one check behind every "get / change one record" of a subtree-scoped list (404 otherwise).
   */
  async mayView(viewer: Pick<Identity, 'priority' | 'userId' | 'username'>, username: string): Promise<boolean> {
    const scope = staffScopeOf(viewer);
    if (scope.kind === 'all' || username === viewer.username) return true;
    if (scope.kind === 'self') return false;
    return inScope(scope, await this.get(username), username);
  }

  /** Staff the viewer may pick (themself and their subtree; seniors everyone), active first by level. */
  async pickable(
    viewer: Pick<Identity, 'priority' | 'userId' | 'username'>,
    opts: { includeLocked?: boolean } = {},
  ): Promise<Array<StaffMember & { level: number }>> {
    const where = new Where().add('NOT deleted');
    if (!opts.includeLocked) where.add('NOT locked');
    this.scopeSql(where, viewer, 'username');
    const rows: StaffMember[] = await this.ds.query(
      `SELECT * FROM ${this.table} ${where.sql} ORDER BY CASE WHEN priority IN (${PRIORITY.branch}, ${PRIORITY.leader}, ${PRIORITY.sales}) THEN 1 ELSE 0 END, brand_id, group_id, priority, lower(username)`,
      where.params,
    );
    return rows.map((r) => ({ ...r, level: staffLevel(r.priority) }));
  }
}

/**
 * The staff picker's list (common.v1.StaffOptionList): the people the viewer may pick, in the
 * hierarchy's order, as every service's "list staff" route answers it.
 */
export async function staffOptionList(
  staff: Pick<StaffDirectory, 'pickable'>,
  viewer: Pick<Identity, 'priority' | 'userId' | 'username'>,
  opts: { includeLocked?: boolean } = {},
): Promise<{ values: StaffOptionValue[]; count: number }> {
  const people = await staff.pickable(viewer, opts);
  return { values: people.map(staffOption), count: people.length };
}

/** common.v1.StaffOption, structurally (the kit's lower layers do not load the generated protos). */
export interface StaffOptionValue {
  id: string;
  username: string;
  fullname: string;
  full_name: string;
  role: { id: string; name: string; priority: number };
  brand_id: string;
  group_id: string;
}

export const staffOption = (p: StaffMember): StaffOptionValue => ({
  id: p.user_id,
  username: p.username,
  fullname: p.fullname,
  full_name: p.fullname,
  role: { id: '', name: p.role_name, priority: p.priority },
  brand_id: p.brand_id,
  group_id: p.group_id,
});

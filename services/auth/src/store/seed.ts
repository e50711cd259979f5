import type { EntityManager } from 'typeorm';
import { PRIORITY } from '@cskh/kit';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './schema';
import type { RoleRow } from './roles';

/** The seed's writes (workers/seed.ts): the permission catalogue and the default roles. */

/** Holds the seed lock until the transaction ends: several replicas may start at once, one seeds. */
export async function takeSeedLock(em: EntityManager): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(hashtext('cskh-auth-seed'))`);
}

/** Adds a catalogue code, or refreshes its name, category and place. */
export async function upsertPermission(
  em: EntityManager,
  p: { code: string; name: string; category: string },
  sortOrder: number,
): Promise<void> {
  await em.query(
    `INSERT INTO ${PERMISSIONS} (code, name, category, sort_order) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, category = EXCLUDED.category, sort_order = EXCLUDED.sort_order`,
    [p.code, p.name, p.category, sortOrder],
  );
}

export async function roleNamed(em: EntityManager, name: string): Promise<{ id: string } | undefined> {
  const rows: Array<{ id: string }> = await em.query(`SELECT id FROM ${ROLES} WHERE lower(name) = lower($1)`, [name]);
  return rows[0];
}

/** Creates a role holding the given catalogue codes; returns its id. */
export async function insertRoleWithCodes(
  em: EntityManager,
  role: { name: string; priority: number },
  codes: readonly string[],
): Promise<string> {
  const [{ id }] = await em.query(`INSERT INTO ${ROLES} (name, priority) VALUES ($1, $2) RETURNING id`, [role.name, role.priority]);
  await em.query(
    `INSERT INTO ${ROLE_PERMISSIONS} (role_id, permission_id)
     SELECT $1, p.id FROM ${PERMISSIONS} p WHERE p.code = ANY($2) ON CONFLICT DO NOTHING`,
    [id, [...codes]],
  );
  return id;
}

/** Gives the administrator role (by name, when it has priority 1) every code of the catalogue. */
export async function grantEveryCodeToAdminRole(em: EntityManager, adminRoleName: string): Promise<void> {
  await em.query(
    `INSERT INTO ${ROLE_PERMISSIONS} (role_id, permission_id)
     SELECT r.id, p.id FROM ${ROLES} r CROSS JOIN ${PERMISSIONS} p
      WHERE lower(r.name) = lower($1) AND r.priority = ${PRIORITY.admin} ON CONFLICT DO NOTHING`,
    [adminRoleName],
  );
}

/** A role of priority 1, the one named `preferredName` first. */
export async function adminRole(em: EntityManager, preferredName: string): Promise<Pick<RoleRow, 'id' | 'name' | 'priority'> | undefined> {
  const rows: Array<Pick<RoleRow, 'id' | 'name' | 'priority'>> = await em.query(
    `SELECT id, name, priority FROM ${ROLES} WHERE priority = ${PRIORITY.admin} ORDER BY (lower(name) = lower($1)) DESC, name LIMIT 1`,
    [preferredName],
  );
  return rows[0];
}

import { DataSource } from 'typeorm';
import type { Logger } from '@cskh/kit';
import { ADMIN_FULLNAME, ADMIN_ROLE_NAME, ADMIN_USERNAME, PERMISSION_CATALOGUE, SEED_ROLES } from './domain/catalogue';
import { hashPassword } from './domain/passwords';
import { SCHEMA, publishUserChanged } from './store';
import { UserEntity } from './entities';

export interface SeedResult {
  permissions: number;
  rolesCreated: string[];
  adminCreated: boolean;
}

/**
 * Idempotent seed, run at every start: the permission catalogue (new codes are added, names
 * refreshed, nothing duplicated), the default roles (created once by name; the administrator
 * role is topped up with every code) and the `admin` account when it does not exist.
 */
export async function seed(ds: DataSource, opts: { adminPassword?: string; log?: Logger }): Promise<SeedResult> {
  const result = await ds.transaction(async (em) => {
    // Several replicas may start at once: one seeds, the others wait and then find everything there.
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('cskh-auth-seed'))`);

    for (const [i, p] of PERMISSION_CATALOGUE.entries())
      await em.query(
        `INSERT INTO ${SCHEMA}.permissions (code, name, category, sort_order) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, category = EXCLUDED.category, sort_order = EXCLUDED.sort_order`,
        [p.code, p.name, p.category, i],
      );

    const rolesCreated: string[] = [];
    for (const r of SEED_ROLES) {
      const existing: Array<{ id: string }> = await em.query(`SELECT id FROM ${SCHEMA}.roles WHERE lower(name) = lower($1)`, [r.name]);
      if (existing.length) continue;
      const [{ id }] = await em.query(`INSERT INTO ${SCHEMA}.roles (name, priority) VALUES ($1, $2) RETURNING id`, [r.name, r.priority]);
      await em.query(
        `INSERT INTO ${SCHEMA}.role_permissions (role_id, permission_id)
         SELECT $1, p.id FROM ${SCHEMA}.permissions p WHERE p.code = ANY($2) ON CONFLICT DO NOTHING`,
        [id, [...r.codes]],
      );
      rolesCreated.push(r.name);
    }
    // Priority 1 means everything, including codes added by later releases.
    await em.query(
      `INSERT INTO ${SCHEMA}.role_permissions (role_id, permission_id)
       SELECT r.id, p.id FROM ${SCHEMA}.roles r CROSS JOIN ${SCHEMA}.permissions p
        WHERE lower(r.name) = lower($1) AND r.priority = 1 ON CONFLICT DO NOTHING`,
      [ADMIN_ROLE_NAME],
    );

    let adminCreated = false;
    const admin: Array<{ id: string }> = await em.query(`SELECT id FROM ${SCHEMA}.users WHERE lower(username) = lower($1)`, [ADMIN_USERNAME]);
    if (admin.length === 0) {
      if (!opts.adminPassword)
        throw new Error(
          `auth: the administrator account "${ADMIN_USERNAME}" does not exist yet; set CSKH_ADMIN_PASSWORD (at least 6 characters) to create it`,
        );
      const roles: Array<{ id: string; name: string; priority: number }> = await em.query(
        `SELECT id, name, priority FROM ${SCHEMA}.roles WHERE priority = 1 ORDER BY (lower(name) = lower($1)) DESC, name LIMIT 1`,
        [ADMIN_ROLE_NAME],
      );
      if (!roles.length) throw new Error('auth: no role of priority 1 to give the administrator account');
      const repo = em.getRepository(UserEntity);
      const saved = await repo.save(
        repo.create({
          username: ADMIN_USERNAME,
          password_hash: await hashPassword(opts.adminPassword),
          fullname: ADMIN_FULLNAME,
          email: '',
          phone: '',
          avatar: '',
          role_id: roles[0].id,
          brand_id: null,
          group_id: null,
          is_deleted: false,
          custom_permissions: false,
        }),
      );
      await publishUserChanged(em, await repo.findOneByOrFail({ id: saved.id }), roles[0]);
      adminCreated = true;
    }
    return { permissions: PERMISSION_CATALOGUE.length, rolesCreated, adminCreated };
  });
  if (result.rolesCreated.length || result.adminCreated) opts.log?.info(result, 'auth seed applied');
  return result;
}

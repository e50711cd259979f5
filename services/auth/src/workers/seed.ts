import { DataSource } from 'typeorm';
import type { Logger } from '@cskh/kit/observability';
import { ADMIN_FULLNAME, ADMIN_ROLE_NAME, ADMIN_USERNAME, PERMISSION_CATALOGUE, SEED_ROLES } from '../domain/catalogue';
import { hashPassword } from '../domain/passwords';
import { adminRole, grantEveryCodeToAdminRole, insertRoleWithCodes, roleNamed, takeSeedLock, upsertPermission } from '../store/seed';
import { findUserByUsername, insertUser, publishUserChanged } from '../store/users';

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
    await takeSeedLock(em);

    for (const [i, p] of PERMISSION_CATALOGUE.entries()) await upsertPermission(em, p, i);

    const rolesCreated: string[] = [];
    for (const r of SEED_ROLES) {
      if (await roleNamed(em, r.name)) continue;
      await insertRoleWithCodes(em, r, r.codes);
      rolesCreated.push(r.name);
    }
    // Priority 1 means everything, including codes added by later releases.
    await grantEveryCodeToAdminRole(em, ADMIN_ROLE_NAME);

    let adminCreated = false;
    if (!(await findUserByUsername(em, ADMIN_USERNAME))) {
      if (!opts.adminPassword)
        throw new Error(
          `auth: the administrator account "${ADMIN_USERNAME}" does not exist yet; set CSKH_ADMIN_PASSWORD (at least 6 characters) to create it`,
        );
      const role = await adminRole(em, ADMIN_ROLE_NAME);
      if (!role) throw new Error('auth: no role of priority 1 to give the administrator account');
      const admin = await insertUser(em, {
        username: ADMIN_USERNAME,
        password_hash: await hashPassword(opts.adminPassword),
        fullname: ADMIN_FULLNAME,
        email: '',
        phone: '',
        avatar: '',
        role_id: role.id,
        brand_id: null,
        group_id: null,
        is_deleted: false,
        custom_permissions: false,
      });
      await publishUserChanged(em, admin, role);
      adminCreated = true;
    }
    return { permissions: PERMISSION_CATALOGUE.length, rolesCreated, adminCreated };
  });
  if (result.rolesCreated.length || result.adminCreated) opts.log?.info(result, 'auth seed applied');
  return result;
}

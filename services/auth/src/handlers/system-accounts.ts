import { AppError, Handlers, likeContains, toPaging, vnDateTime } from '@cskh/kit';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { SystemAccountEntity, SystemAccountRow } from '../entities';
import { isUuid } from '../domain/guid';
import { MSG } from '../domain/messages';
import { decryptSecret, encryptSecret } from '../domain/secrets';
import { validateSystemAccount } from '../domain/system-accounts';

/** Never the password: only whether one is stored. */
const view = (r: SystemAccountRow): auth_v1_auth.SystemAccount => ({
  id: r.id,
  position: r.position,
  account: r.account,
  api: r.api,
  additional_content: r.additional_content,
  has_password: !!r.password_enc,
  created_at: vnDateTime(r.created_at),
});

/** SystemAccountService: credentials of outside systems, password encrypted at rest (spec 2 §2.12, §3, §7). */
export function systemAccountHandlers(c: AuthContext): Handlers<typeof auth_v1_auth.SystemAccountServiceService> {
  const { ds } = c.deps;
  const repo = () => ds.getRepository(SystemAccountEntity);

  async function get(id: string): Promise<SystemAccountRow> {
    const r = isUuid(id) ? await repo().findOneBy({ id: id.toLowerCase() }) : null;
    if (!r) throw new AppError('NOT_FOUND', MSG.systemAccountNotFound);
    return r;
  }

  return {
    async listSystemAccounts(req, ctx) {
      ctx.user;
      const paging = toPaging(req.page, req.count, 20);
      const qb = repo().createQueryBuilder('s').orderBy('s.created_at', 'ASC').addOrderBy('s.id', 'ASC');
      const name = req.name.trim();
      if (name) qb.where('(s.position ILIKE :q OR s.account ILIKE :q)', { q: likeContains(name) });
      qb.offset(paging.skip);
      if (paging.take !== undefined) qb.limit(paging.take);
      const [rows, count] = await qb.getManyAndCount();
      return { values: rows.map(view), count };
    },

    async getSystemAccount(req, ctx) {
      ctx.user;
      return view(await get(req.id));
    },

    async createSystemAccount(req, ctx) {
      ctx.user;
      const v = validateSystemAccount(req, true);
      const saved = await repo().save(
        repo().create({
          position: v.position,
          account: v.account,
          api: v.api,
          additional_content: v.additional_content,
          password_enc: encryptSecret(c.secretKey, v.password!),
        }),
      );
      return view(await get(saved.id));
    },

    async updateSystemAccount(req, ctx) {
      ctx.user;
      const v = validateSystemAccount(req, false);
      const row = await get(req.id);
      await repo().update(
        { id: row.id },
        {
          position: v.position,
          account: v.account,
          api: v.api,
          additional_content: v.additional_content,
          ...(v.password !== null ? { password_enc: encryptSecret(c.secretKey, v.password) } : {}),
        },
      );
      return view(await get(row.id));
    },

    async deleteSystemAccount(req, ctx) {
      ctx.user;
      const row = await get(req.id);
      await repo().delete({ id: row.id });
      return { ok: true, msg: MSG.systemAccountDeleted };
    },

    /** Internal only (no REST route): the newest account of a login place, decrypted. */
    async getCredentials(req) {
      const position = req.position.trim();
      const row = position
        ? await repo()
            .createQueryBuilder('s')
            .where('lower(s.position) = lower(:p)', { p: position })
            .orderBy('s.updated_at', 'DESC')
            .getOne()
        : null;
      if (!row) throw new AppError('NOT_FOUND', MSG.credentialsNotFound(position));
      return {
        position: row.position,
        account: row.account,
        password: decryptSecret(c.secretKey, row.password_enc),
        api: row.api,
        additional_content: row.additional_content,
      };
    },
  };
}

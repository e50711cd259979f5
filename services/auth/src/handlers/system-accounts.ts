import { AppError, Identity, toPaging, vnDateTime } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { MSG } from '../domain/messages';
import { decryptSecret, encryptSecret } from '../domain/secrets';
import { validateSystemAccount } from '../domain/system-accounts';
import {
  deleteSystemAccount,
  findSystemAccount,
  insertSystemAccount,
  newestSystemAccountOf,
  pageSystemAccounts,
  SystemAccountRow,
  updateSystemAccount,
} from '../store/system-accounts';

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

/** Reading the caller refuses a call that has none (UNAUTHORIZED): these routes need a signed-in user. */
const requireCaller = (ctx: { user: Identity }): Identity => ctx.user;

/** SystemAccountService: credentials of outside systems, password encrypted at rest (spec 2 §2.12, §3, §7). */
export function systemAccountHandlers(service: AuthContext): Handlers<typeof auth_v1_auth.SystemAccountServiceService> {
  const { ds } = service.deps;

  async function get(id: string): Promise<SystemAccountRow> {
    const r = await findSystemAccount(ds.manager, id);
    if (!r) throw new AppError('NOT_FOUND', MSG.systemAccountNotFound);
    return r;
  }

  return {
    async listSystemAccounts(req, ctx) {
      requireCaller(ctx);
      const paging = toPaging(req.page, req.count, 20);
      const { rows, count } = await pageSystemAccounts(ds.manager, req.name.trim(), paging);
      return { values: rows.map(view), count };
    },

    async getSystemAccount(req, ctx) {
      requireCaller(ctx);
      return view(await get(req.id));
    },

    async createSystemAccount(req, ctx) {
      requireCaller(ctx);
      const v = validateSystemAccount(req, true);
      const id = await insertSystemAccount(ds.manager, {
        position: v.position,
        account: v.account,
        api: v.api,
        additional_content: v.additional_content,
        password_enc: encryptSecret(service.secretKey, v.password!),
      });
      return view(await get(id));
    },

    async updateSystemAccount(req, ctx) {
      requireCaller(ctx);
      const v = validateSystemAccount(req, false);
      const row = await get(req.id);
      await updateSystemAccount(ds.manager, row.id, {
        position: v.position,
        account: v.account,
        api: v.api,
        additional_content: v.additional_content,
        ...(v.password !== null ? { password_enc: encryptSecret(service.secretKey, v.password) } : {}),
      });
      return view(await get(row.id));
    },

    async deleteSystemAccount(req, ctx) {
      requireCaller(ctx);
      const row = await get(req.id);
      await deleteSystemAccount(ds.manager, row.id);
      return { ok: true, msg: MSG.systemAccountDeleted };
    },

    /** Internal only (no REST route): the newest account of a login place, decrypted. */
    async getCredentials(req) {
      const position = req.position.trim();
      const row = position ? await newestSystemAccountOf(ds.manager, position) : null;
      if (!row) throw new AppError('NOT_FOUND', MSG.credentialsNotFound(position));
      return {
        position: row.position,
        account: row.account,
        password: decryptSecret(service.secretKey, row.password_enc),
        api: row.api,
        additional_content: row.additional_content,
      };
    },
  };
}

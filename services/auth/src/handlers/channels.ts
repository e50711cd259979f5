import { AppError, Handlers } from '@cskh/kit';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { InviteChannelEntity, InviteChannelRow } from '../entities';
import { assertCanToggleChannel, canFindChannel, parseChannel } from '../domain/channels';
import { MSG } from '../domain/messages';
import { ownBrandId } from '../domain/staff';
import { SCHEMA, findUser, findUserByUsername, getRoleOf } from '../store';

const assignment = (r: Pick<InviteChannelRow, 'staff_username' | 'kenh' | 'active'>): auth_v1_auth.ChannelAssignment => ({
  staff_username: r.staff_username,
  kenh: r.kenh,
  active: r.active,
});

/** InviteChannelService (userkenhmoigoi): which confirmation-code channels a branch may use (spec 1 §2.6, spec 2 §2.1). */
export function channelHandlers(c: AuthContext): Handlers<typeof auth_v1_auth.InviteChannelServiceService> {
  const { ds } = c.deps;

  async function setActive(req: auth_v1_auth.ChannelRequest, callerPriority: number, by: string, active: boolean) {
    const { kenh, label } = parseChannel(req.channelName);
    const wanted = req.accountUsername.trim();
    if (!wanted) throw new AppError('VALIDATION', MSG.channelAccountRequired);
    // The caller's own bound first: a junior learns nothing about accounts.
    if (!(callerPriority < 2)) throw new AppError('FORBIDDEN', MSG.channelForbiddenCaller);
    const target = await findUserByUsername(ds.manager, wanted);
    if (!target) throw new AppError('NOT_FOUND', MSG.channelAccountNotFound(wanted));
    assertCanToggleChannel(callerPriority, (await getRoleOf(ds.manager, target)).priority);
    await ds.query(
      `INSERT INTO ${SCHEMA}.invite_channels (staff_username, kenh, active, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (staff_username, kenh) DO UPDATE SET active = EXCLUDED.active, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [target.username, kenh, active, by],
    );
    return {
      channel: assignment({ staff_username: target.username, kenh, active }),
      msg: active ? MSG.channelChosen(label, target.username) : MSG.channelCancelled(label, target.username),
    };
  }

  return {
    async chooseChannel(req, ctx) {
      const me = ctx.user;
      return setActive(req, me.priority, me.username, true);
    },

    async cancelChannel(req, ctx) {
      const me = ctx.user;
      return setActive(req, me.priority, me.username, false);
    },

    async listChannels(_req, ctx) {
      const me = ctx.user;
      if (!(me.priority < 2)) throw new AppError('FORBIDDEN', MSG.channelForbiddenCaller);
      const rows = await ds.getRepository(InviteChannelEntity).find({ order: { staff_username: 'ASC', kenh: 'ASC' } });
      return { values: rows.map(assignment), count: rows.length };
    },

    async findChannel(req, ctx) {
      const me = ctx.user;
      const { kenh } = parseChannel(req.channelName);
      const wanted = req.accountUsername.trim();
      if (!wanted) throw new AppError('VALIDATION', MSG.channelAccountRequired);
      let brandUsername: string | null = null;
      if (me.priority >= 3) {
        const self = await findUser(ds.manager, me.userId);
        const brandId = self ? ownBrandId(self, (await getRoleOf(ds.manager, self)).priority) : null;
        const brand = brandId ? await findUser(ds.manager, brandId) : null;
        brandUsername = brand?.username ?? null;
      }
      if (!canFindChannel({ priority: me.priority, username: me.username, brandUsername }, wanted))
        throw new AppError('FORBIDDEN', MSG.channelFindForbidden);
      const row = await ds
        .getRepository(InviteChannelEntity)
        .createQueryBuilder('ch')
        .where('lower(ch.staff_username) = lower(:u) AND ch.kenh = :kenh', { u: wanted, kenh })
        .getOne();
      return assignment(row ?? { staff_username: wanted, kenh, active: false });
    },
  };
}

import { AppError } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { auth_v1_auth } from '@cskh/proto';
import type { AuthContext } from '../context';
import { isAdmin, isBelowManager } from '@cskh/kit';
import { assertCanToggleChannel, canFindChannel, parseChannel } from '../domain/channels';
import { MSG } from '../domain/messages';
import { ownBrandId } from '../domain/staff';
import { findInviteChannel, InviteChannelRow, listInviteChannels, saveInviteChannel } from '../store/invite-channels';
import { getRoleOf } from '../store/roles';
import { findUser, findUserByUsername } from '../store/users';

const assignment = (r: Pick<InviteChannelRow, 'staff_username' | 'kenh' | 'active'>): auth_v1_auth.ChannelAssignment => ({
  staff_username: r.staff_username,
  kenh: r.kenh,
  active: r.active,
});

/** InviteChannelService (userkenhmoigoi): which confirmation-code channels a branch may use (spec 1 §2.6, spec 2 §2.1). */
export function channelHandlers(service: AuthContext): Handlers<typeof auth_v1_auth.InviteChannelServiceService> {
  const { ds } = service.deps;

  async function setActive(req: auth_v1_auth.ChannelRequest, callerPriority: number, by: string, active: boolean) {
    const { kenh, label } = parseChannel(req.channelName);
    const wanted = req.accountUsername.trim();
    if (!wanted) throw new AppError('VALIDATION', MSG.channelAccountRequired);
    // The caller's own bound first: a junior learns nothing about accounts.
    if (!isAdmin(callerPriority)) throw new AppError('FORBIDDEN', MSG.channelForbiddenCaller);
    const target = await findUserByUsername(ds.manager, wanted);
    if (!target) throw new AppError('NOT_FOUND', MSG.channelAccountNotFound(wanted));
    assertCanToggleChannel(callerPriority, (await getRoleOf(ds.manager, target)).priority);
    await saveInviteChannel(ds.manager, target.username, kenh, active, by);
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
      if (!isAdmin(me.priority)) throw new AppError('FORBIDDEN', MSG.channelForbiddenCaller);
      const rows = await listInviteChannels(ds.manager);
      return { values: rows.map(assignment), count: rows.length };
    },

    async findChannel(req, ctx) {
      const me = ctx.user;
      const { kenh } = parseChannel(req.channelName);
      const wanted = req.accountUsername.trim();
      if (!wanted) throw new AppError('VALIDATION', MSG.channelAccountRequired);
      let brandUsername: string | null = null;
      if (isBelowManager(me.priority)) {
        const self = await findUser(ds.manager, me.userId);
        const brandId = self ? ownBrandId(self, (await getRoleOf(ds.manager, self)).priority) : null;
        const brand = brandId ? await findUser(ds.manager, brandId) : null;
        brandUsername = brand?.username ?? null;
      }
      if (!canFindChannel({ priority: me.priority, username: me.username, brandUsername }, wanted))
        throw new AppError('FORBIDDEN', MSG.channelFindForbidden);
      const row = await findInviteChannel(ds.manager, wanted, kenh);
      return assignment(row ?? { staff_username: wanted, kenh, active: false });
    },
  };
}

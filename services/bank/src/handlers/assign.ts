import { events_v1_pushes } from '@cskh/proto';
import { toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { handOut, Where } from '@cskh/kit/data';
import { addPushToOutbox, userRoom } from '@cskh/kit/messaging';
import type { bank_v1_bank } from '@cskh/proto';
import type { BankContext } from '../context';
import { assignedNotice, assignReplyMsg, BANK_HAND_OUT, requireAssigner } from '../domain/assign';
import { MSG } from '../domain/messages';
import { assignOldest, countAssignable, countPending, pageMessages } from '../store/messages';
import { SCHEMA } from '../store/schema';
import { presentPage } from './messages';

type Def = typeof bank_v1_bank.BankServiceService;

/** Handing bank messages to staff (spec 1 §7 assign, count-assign, assign?page&count) and each one's queue. */
export function assignHandlers(
  service: BankContext,
): Pick<Handlers<Def>, 'listAssigned' | 'countAssignable' | 'assign' | 'listAssignableStaff'> {
  const { ds, staff } = service.deps;
  return {
    async listAssigned(req, ctx) {
      const me = ctx.user;
      const where = new Where().add('assigned_to = ?', me.username);
      const paging = toPaging(req.page, req.count, 20);
      const page = await presentPage(ds.manager, await pageMessages(ds.manager, where, paging), me.priority, paging.take === undefined);
      return { ...page, pending: await countPending(ds.manager, me.username) };
    },

    async countAssignable() {
      return { total: await countAssignable(ds.manager) };
    },

    async listAssignableStaff(_req, ctx) {
      requireAssigner(ctx.user);
      const people = await staff.pickable(ctx.user);
      return {
        values: people.map((p) => ({ username: p.username, fullname: p.fullname, priority: p.priority, level: p.level })),
        count: people.length,
      };
    },

    async assign(req, ctx) {
      const me = ctx.user;
      requireAssigner(me);
      // Each person's notice leaves with their share, in the hand-out's one transaction.
      const out = await handOut(service.deps, me, req.items, BANK_HAND_OUT, async (em, to, count) => {
        const got = await assignOldest(em, to.username, count, me.username);
        if (got > 0)
          await addPushToOutbox(
            em,
            SCHEMA,
            userRoom(to.username),
            events_v1_pushes.BankMessagesAssigned,
            assignedNotice(got, me.username),
            { from: me.username },
          );
        return got;
      });
      return { assigned: out.assigned, items: out.items, msg: assignReplyMsg(out.plan, out.items) ?? MSG.assigned };
    },
  };
}

import { events_v1_pushes } from '@cskh/proto';
import { toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { Where, staffScopeOf } from '@cskh/kit/data';
import { addPushToOutbox, userRoom } from '@cskh/kit/messaging';
import type { bank_v1_bank } from '@cskh/proto';
import type { BankContext } from '../context';
import { requireAssigner, assignedNotice, assignPlan, assignReplyMsg, checkAssignee } from '../domain/assign';
import { MSG } from '../domain/messages';
import { assignOldest, countAssignable, countPending, pageMessages } from '../store/messages';
import { SCHEMA } from '../store/schema';
import { presentPage } from './messages';

type Def = typeof bank_v1_bank.BankServiceService;

/** Handing bank messages to staff (spec 1 §7 assign, count-assign, assign?page&count) and each one's queue. */
export function assignHandlers(c: BankContext): Pick<Handlers<Def>, 'listAssigned' | 'countAssignable' | 'assign' | 'listAssignableStaff'> {
  const { ds, staff, outbox } = c.deps;
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
      const plan = assignPlan(req.items ?? []);
      const members = await staff.byUsernames([...plan.keys()]);
      const scope = staffScopeOf(me);
      for (const username of plan.keys()) checkAssignee(scope, members.get(username), username);
      // One transaction: the whole plan is handed out, or nothing; each person's notice leaves with it.
      const items = await ds.transaction(async (em) => {
        const out: bank_v1_bank.AssignItem[] = [];
        for (const [username, count] of plan) {
          const got = await assignOldest(em, username, count, me.username);
          out.push({ username, count: got });
          if (got > 0)
            await addPushToOutbox(em, SCHEMA, userRoom(username), events_v1_pushes.BankMessagesAssigned, assignedNotice(got, me.username), {
              from: me.username,
            });
        }
        return out;
      });
      outbox.afterCommit();
      return { assigned: items.reduce((n, i) => n + Number(i.count), 0), items, msg: assignReplyMsg(plan, items) ?? MSG.assigned };
    },
  };
}

import { Handlers, staffScopeOf, toPaging, Where } from '@cskh/kit';
import type { bank_v1_bank } from '@cskh/proto';
import type { BankContext } from '../context';
import { assignPlan, checkAssignee } from '../domain/assign';
import { MSG } from '../domain/messages';
import { assignOldest, countAssignable, pageMessages } from '../store';
import { presentPage } from './messages';

type Def = typeof bank_v1_bank.BankServiceService;

/** Handing bank messages to staff (spec 1 §7 assign, count-assign, assign?page&count). */
export function assignHandlers(c: BankContext): Pick<Handlers<Def>, 'listAssigned' | 'countAssignable' | 'assign'> {
  const { ds, staff } = c.deps;
  return {
    async listAssigned(req, ctx) {
      const me = ctx.user;
      const where = new Where().add('assigned_to = ?', me.username);
      const paging = toPaging(req.page, req.count, 20);
      return presentPage(await pageMessages(ds.manager, where, paging), me.priority, paging.take === undefined);
    },

    async countAssignable() {
      return { total: await countAssignable(ds.manager) };
    },

    async assign(req, ctx) {
      const me = ctx.user;
      const plan = assignPlan(req.items ?? []);
      const members = await staff.byUsernames([...plan.keys()]);
      const scope = staffScopeOf(me);
      for (const username of plan.keys()) checkAssignee(scope, members.get(username), username);
      // One transaction: the whole plan is handed out, or nothing.
      const items = await ds.transaction(async (em) => {
        const out: bank_v1_bank.AssignItem[] = [];
        for (const [username, count] of plan) out.push({ username, count: await assignOldest(em, username, count, me.username) });
        return out;
      });
      return { assigned: items.reduce((n, i) => n + i.count, 0), items, msg: MSG.assigned };
    },
  };
}

import { AppError, isManager, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { presentRequest } from '../domain/present';
import { assignMessage, AssignItem, checkAssignItems } from '../domain/assign';
import { countPool, pageAssigned, REQUEST_RESOURCE, takeFromPool } from '../store/requests';

type Def = typeof refunds_v1_refunds.RefundsServiceService;

/** Requests handed out to staff by a manager ('Phân chia', domain/assign.ts) and each one's own list. */
export function requestAssignHandlers(
  c: RefundsContext,
): Pick<Handlers<Def>, 'listAssignedRequests' | 'countAssignableRequests' | 'assignRequests'> {
  const { ds, audit, staff } = c.deps;
  return {
    async listAssignedRequests(req, ctx) {
      const me = ctx.user;
      const page = await pageAssigned(ds.manager, me.username, toPaging(req.page, req.count, 20));
      return { values: page.rows.map((r) => presentRequest(r, me)), count: page.count, tongHoanTien: 0, tongHoanThem: 0, tongNapTien: 0 };
    },

    async countAssignableRequests(_req, ctx) {
      const me = ctx.user;
      if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.assignForbidden);
      return { total: await countPool(ds.manager) };
    },

    async assignRequests(req, ctx) {
      const me = ctx.user;
      if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.assignForbidden);
      const asked = checkAssignItems(req.items);
      const people = await staff.byUsernames(asked.map((a) => a.username));
      const to = asked.map((a) => {
        const m = [...people.values()].find((p) => p.username.toLowerCase() === a.username.toLowerCase());
        if (!m || m.locked || m.deleted) throw new AppError('VALIDATION', RMSG.assignStaffInactive(a.username));
        return { username: m.username, count: a.count };
      });
      const got: AssignItem[] = await ds.transaction(async (em) => {
        const out: AssignItem[] = [];
        for (const a of to) {
          const rows = await takeFromPool(em, a.username, a.count, me.username);
          for (const r of rows)
            await audit.record(em, {
              resource: REQUEST_RESOURCE,
              id: r.id,
              who: me,
              changes: [{ field: 'assigned_to', from: '', to: a.username }],
            });
          out.push({ username: a.username, count: rows.length });
        }
        return out;
      });
      return { assigned: got.reduce((s, i) => s + i.count, 0), items: got, msg: assignMessage(to, got) };
    },
  };
}

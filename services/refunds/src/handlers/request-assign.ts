import { AppError, isManager, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { handOut } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { presentRequest } from '../domain/present';
import { assignMessage, REFUND_HAND_OUT } from '../domain/assign';
import { countPool, pageAssigned, REQUEST_RESOURCE, takeFromPool } from '../store/requests';

type Def = typeof refunds_v1_refunds.RefundsServiceService;

/** Requests handed out to staff by a manager ('Phân chia', domain/assign.ts) and each one's own list. */
export function requestAssignHandlers(
  service: RefundsContext,
): Pick<Handlers<Def>, 'listAssignedRequests' | 'countAssignableRequests' | 'assignRequests'> {
  const { ds, audit } = service.deps;
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
      const out = await handOut(service.deps, me, req.items, REFUND_HAND_OUT, async (em, to, count) => {
        const rows = await takeFromPool(em, to.username, count, me.username);
        for (const r of rows)
          await audit.record(em, {
            resource: REQUEST_RESOURCE,
            id: r.id,
            who: me,
            changes: [{ field: 'assigned_to', from: '', to: to.username }],
          });
        return rows.length;
      });
      const asked = [...out.plan].map(([username, count]) => ({ username, count }));
      return { assigned: out.assigned, items: out.items, msg: assignMessage(asked, out.items) };
    },
  };
}

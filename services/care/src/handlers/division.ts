import { AppError, last9, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId, Where } from '@cskh/kit/data';
import type { care_v1_care } from '@cskh/proto';
import type { CareContext } from '../context';
import { checkDivisionTarget, divisionPlan, divisionPool } from '../domain/division';
import { MSG } from '../domain/messages';
import { presentCustomer } from '../domain/present';
import { countPool, handOut, lockUpload, pageCustomers } from '../store/customers';

type Def = typeof care_v1_care.CareServiceService;

/** Division (spec 3 §2.7 second paragraph, §6; spec 1 §7 count-assign, assign). */
export function divisionHandlers(service: CareContext): Pick<Handlers<Def>, 'countAssignable' | 'assign' | 'listAssigned'> {
  const { ds, staff, audit } = service.deps;
  return {
    async countAssignable(req, ctx) {
      const id = requireId(req.id, MSG.uploadNotFound);
      return { total: await countPool(ds.manager, id, divisionPool(ctx.user)) };
    },

    async assign(req, ctx) {
      const me = ctx.user;
      const pool = divisionPool(me);
      const uploadId = requireId(req.upload_id, MSG.uploadNotFound);
      const plan = divisionPlan(req.items ?? []);
      const members = await staff.byUsernames([...plan.keys()]);
      for (const username of plan.keys()) checkDivisionTarget(me, members.get(username), username);
      const asked = [...plan.values()].reduce((a, b) => a + b, 0);
      // One transaction with the upload locked: exactly the asked quantities, or nothing.
      const items = await ds.transaction(async (em) => {
        await lockUpload(em, uploadId);
        const left = await countPool(em, uploadId, pool);
        if (left < asked) throw new AppError('PRECONDITION', MSG.divideNotEnough(left));
        const out: care_v1_care.AssignItem[] = [];
        for (const [username, count] of plan) {
          const got = await handOut(em, uploadId, pool, username, count, me.username);
          // A row held by a take-next at this instant was skipped: do not hand fewer than asked.
          if (got !== count) throw new AppError('PRECONDITION', MSG.divideNotEnough(left - out.reduce((n, i) => n + i.count, 0) - got));
          out.push({ username, count });
        }
        await audit.record(em, {
          resource: 'upload',
          id: uploadId,
          who: me,
          changes: out.map((i) => ({ field: 'assigned', from: null, to: `${i.username}: ${i.count}` })),
        });
        return out;
      });
      return { assigned: asked, items, msg: MSG.divided };
    },

    async listAssigned(req, ctx) {
      const me = ctx.user;
      const where = new Where().add(`assigned_to = ?`, me.username).add(`status = 'ASSIGNED'`);
      const page = await pageCustomers(ds.manager, where, 'assigned_at, id', toPaging(req.page, req.count, 20));
      return { values: page.rows.map((r) => presentCustomer(r, last9(r.phone))), count: page.count };
    },
  };
}

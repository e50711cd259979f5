import { Handlers } from '@cskh/kit/server';
import { changedFields, requireId } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { presentRequest } from '../domain/present';
import { subscriberCorrection } from '../domain/request-edits';
import { addChangedEvent, lockRequest, REQUEST_RESOURCE, updateRequest } from '../store/requests';
import { RMSG } from '../domain/messages';
import { settleNewRequests } from '../store/settlement';

type Def = typeof refunds_v1_refunds.RefundsServiceService;

/** `PUT /api/v1/requestrefund/{id}` (spec 2 §7): the subscriber of a request, corrected (rules in domain/request-edits.ts). */
export function requestEditHandlers(c: RefundsContext): Pick<Handlers<Def>, 'correctSubscriber'> {
  const { ds, audit, outbox } = c.deps;
  return {
    async correctSubscriber(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, RMSG.notFound);
      const row = await ds.transaction(async (em) => {
        const before = await lockRequest(em, id);
        const set = subscriberCorrection(before, req.number_phone, req.number_type);
        const changes = changedFields(before as unknown as Record<string, unknown>, { ...before, ...set }, Object.keys(set));
        if (changes.length === 0) return before;
        const after = await updateRequest(em, id, set);
        await audit.record(em, { resource: REQUEST_RESOURCE, id, who: me, changes });
        await addChangedEvent(em, outbox, after, 'subscriber', me.username);
        // The corrected number may be the one a waiting bank transfer names: it settles the top-up now.
        const [settled] = await settleNewRequests(em, c.deps, [after]);
        return settled;
      });
      outbox.afterCommit();
      return presentRequest(row, me);
    },
  };
}

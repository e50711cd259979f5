import type { ServiceDeps, Subscription } from '@cskh/kit/service';
import { events_v1_care, events_v1_orders, events_v1_refunds } from '@cskh/proto';
import type { PayrollConfig } from '../config';
import { recordFromInvite, recordFromOrder, refundFromEvent, TOPICS } from '../domain/revenue';
import type { Recalculator } from './recalculator';
import { markPending, touchedMonths } from '../store/payroll';
import { firstDelivery, writeRecord, writeRefund } from '../store/revenue';

/**
 * The revenue read model's consumer: care's confirmed invitations, orders' status changes and
 * refunds' changes, from the beginning of each topic. Each event is applied in one transaction
 * with its event id (a redelivery or a replay changes nothing), and the payroll rows of the staff
 * and months it touched are marked for recalculation.
 */
export async function startRevenueConsumer(
  deps: ServiceDeps<PayrollConfig>,
  recalc: Recalculator,
  groupId = 'cskh-payroll-revenue',
): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId,
    topics: Object.values(TOPICS),
    fromBeginning: true,
    handler: async (msg) => {
      const applied = await deps.ds.transaction(async (em) => {
        let touched: Array<{ username_nv: string; ngay_thanh_cong: Date }> = [];
        if (msg.topic === TOPICS.inviteRegistered) {
          const e = events_v1_care.InviteRegistered.decode(msg.value);
          if (!(await firstDelivery(em, e.event_id, msg.topic))) return false;
          touched = await writeRecord(em, recordFromInvite(e), true);
        } else if (msg.topic === TOPICS.orderStatusChanged) {
          const e = events_v1_orders.OrderStatusChanged.decode(msg.value);
          if (!(await firstDelivery(em, e.event_id, msg.topic))) return false;
          const { write, create } = recordFromOrder(e);
          touched = await writeRecord(em, write, create);
        } else if (msg.topic === TOPICS.refundChanged) {
          const e = events_v1_refunds.RefundChanged.decode(msg.value);
          if (!(await firstDelivery(em, e.event_id, msg.topic))) return false;
          touched = await writeRefund(em, refundFromEvent(e));
        } else return false;
        return (await markPending(em, touchedMonths(touched))) > 0;
      });
      if (applied) recalc.nudge();
    },
  });
}

/**
 * The payroll service's integration harness, on the kit's (startTestService): the real service in
 * a database and a Kafka topic prefix of its own; staff announced as auth would; care, orders and
 * refunds events published through the real bus as those services would; waiting for the read
 * model to catch up.
 */
import { announceStaff as announce, AnnouncedPerson, rand, settle, startTestService, TestService } from '@cskh/kit/testing';
import { events_v1_care, events_v1_orders, events_v1_refunds, payroll_v1_payroll } from '@cskh/proto';
import { TOPICS } from '../src/domain/revenue';
import { payrollModule } from '../src/module';

export async function startPayroll(env: NodeJS.ProcessEnv = {}) {
  const t = await startTestService(payrollModule, { env: { PAYROLL_WORKER_INTERVAL_MS: '200', ...env } });
  const payroll = t.client(payroll_v1_payroll.PayrollServiceService);
  return { t, payroll };
}

/** Reads until `ok` holds (the kit's settle), and throws naming `what` if it never does. */
export async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 30000): Promise<T> {
  const v = await settle(probe, ok, ms, 150);
  if (!ok(v)) throw new Error(`${what} did not happen: ${JSON.stringify(v)}`);
  return v;
}

export type Person = AnnouncedPerson;

/** Staff as auth announces them, with this suite's user ids (`u-<username>`). */
export const announceStaff = (t: TestService, people: Person[]) => announce(t, people, (username) => `u-${username}`);

/** The caller as the gateway passes it, with every report and payroll code. */
export const who = (t: TestService, priority: number, username: string, userId = `u-${username}`) =>
  t.as(priority, ['report90849332', 'reportstaffrevenue', 'reportbranchrevenue', 'report9279', 'dsdttinhluong', 'tinhluong'], {
    username,
    userId,
  });

export const invite = (over: Partial<events_v1_care.InviteRegistered>) =>
  events_v1_care.InviteRegistered.fromPartial({
    event_id: rand(),
    invitation_id: rand(),
    channel: '9332',
    request_type: 'DK',
    registered_at: new Date().toISOString(),
    ...over,
  });

export const order = (over: Partial<events_v1_orders.OrderStatusChanged>) =>
  events_v1_orders.OrderStatusChanged.fromPartial({
    event_id: rand(),
    order_id: rand(),
    kind: 'mfy',
    to_status: 'dang_ky_thanh_cong',
    success: true,
    at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    tier: 1,
    salary_ratio: 100,
    ...over,
  });

export const refund = (over: Partial<events_v1_refunds.RefundChanged>) =>
  events_v1_refunds.RefundChanged.fromPartial({
    event_id: rand(),
    request_id: rand(),
    version: 1,
    request_type: 1,
    request_method: 1,
    created_time: new Date().toISOString(),
    trang_thai_truy_thu_hoan_theo_goi: 'binh_thuong',
    trang_thai_truy_thu_hoan_them: 'binh_thuong',
    ...over,
  });

export type AnyEvent = events_v1_care.InviteRegistered | events_v1_orders.OrderStatusChanged | events_v1_refunds.RefundChanged;

/** Publishes events on their topics, as care, orders and refunds do through their outboxes. */
export async function publish(t: TestService, ...events: AnyEvent[]) {
  await t.bus.publish(
    events.map((e) => {
      if ('invitation_id' in e)
        return { topic: TOPICS.inviteRegistered, key: e.phone, value: Buffer.from(events_v1_care.InviteRegistered.encode(e).finish()) };
      if ('order_id' in e)
        return {
          topic: TOPICS.orderStatusChanged,
          key: e.order_id,
          value: Buffer.from(events_v1_orders.OrderStatusChanged.encode(e).finish()),
        };
      return { topic: TOPICS.refundChanged, key: e.request_id, value: Buffer.from(events_v1_refunds.RefundChanged.encode(e).finish()) };
    }),
  );
}

export const appliedEvents = async (t: TestService) => Number((await t.sql(`SELECT count(*)::int AS n FROM payroll.processed_event`))[0].n);

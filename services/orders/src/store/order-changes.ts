import type { EntityManager } from 'typeorm';
import { PRIORITY } from '@cskh/kit';
import { changedFields } from '@cskh/kit/data';
import { addPushToOutbox, ALL_ROOM, userRoom } from '@cskh/kit/messaging';
import { events_v1_orders, events_v1_pushes } from '@cskh/proto';
import type { OrdersContext } from '../context';
import { STATUS_CHANGED_TOPIC, statusChanged } from '../domain/events';
import { clawback, deriveMoney } from '../domain/order-money';
import type { OrderRow } from '../domain/present';
import { tierPrice } from '../domain/prices';
import { reminderView } from '../domain/reminders';
import { cancelDueAt, reminderFor, requestStatusAfter } from '../domain/statuses';
import { findPriceByName } from './prices';
import { activeManagers, deleteOrder, markReminded, orderResource, updateOrder } from './orders';
import { SCHEMA } from './schema';

/** Fields a change may set, and the ones the audit trail follows. */
export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'so_dien_thoai_chu'
    | 'so_dien_thoai'
    | 'ma_goi'
    | 'gia_ban_goi'
    | 'username_nv'
    | 'ten_nv'
    | 'trang_thai'
    | 'trang_thai_yeu_cau'
    | 'trang_thai_thu_tien'
    | 'trang_thai_duyet_thong_tin'
    | 'cty'
    | 'note'
    | 'hinh_thuc'
    | 'created_time'
  > & { doanh_thu: number; chenh_lech: number; ti_le_doanh_thu_tinh_luong: number; truy_thu: number }
>;

export const AUDITED = [
  'so_dien_thoai_chu',
  'so_dien_thoai',
  'ma_goi',
  'gia_ban_goi',
  'username_nv',
  'trang_thai',
  'trang_thai_yeu_cau',
  'trang_thai_thu_tien',
  'trang_thai_duyet_thong_tin',
  'doanh_thu',
  'chenh_lech',
  'ti_le_doanh_thu_tinh_luong',
  'doanh_thu_tinh_luong',
  'truy_thu',
  'cty',
  'note',
  'hinh_thuc',
  'created_time',
] as const;

export interface Actor {
  username: string;
  fullname: string;
}

/** Who the trail and the event name for the server's own changes. */
export const AUTO_ACTOR: Actor = { username: '__AUTO', fullname: 'Tự động' };

const asRecord = (r: object) => r as unknown as Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/**
 * Applies one change to a locked order, in the caller's transaction, with everything that
 * follows from it: a status change stamps who/when, moves the request status, (re)starts or
 * stops the 10-minute cancel window and, on a revoke after success, sets the clawback; a new
 * package or tier looks the revenue up again; the derived money is recomputed; the audit trail,
 * the status-changed event and the browser pushes (list refresh, reminders) go in the same
 * transaction. Returns the order as stored now (the unchanged row when nothing changed).
 */
export async function applyChange(
  service: OrdersContext,
  em: EntityManager,
  before: OrderRow,
  change: OrderChange,
  who: Actor,
  at: Date,
): Promise<OrderRow> {
  const set: Record<string, unknown> = { ...change };
  const statusMoved = change.trang_thai !== undefined && change.trang_thai !== before.trang_thai;
  if (statusMoved) {
    set.trang_thai_yeu_cau ??= requestStatusAfter(before.kind, change.trang_thai!);
    set.thoi_diem_thay_doi_trang_thai = at;
    set.username_thay_doi_trang_thai = who.username;
  }
  if (change.trang_thai_thu_tien !== undefined && change.trang_thai_thu_tien !== before.trang_thai_thu_tien) {
    set.thoi_diem_thay_doi_trang_thai_thu_tien = at;
    set.username_thay_doi_trang_thai_thu_tien = who.username;
  }
  if (change.trang_thai_duyet_thong_tin !== undefined && change.trang_thai_duyet_thong_tin !== before.trang_thai_duyet_thong_tin) {
    set.thoi_diem_duyet_thong_tin = at;
    set.username_duyet_trang_thai_duyet_thong_tin = who.username;
  }
  const requestMoved = set.trang_thai_yeu_cau !== undefined && set.trang_thai_yeu_cau !== before.trang_thai_yeu_cau;
  if (statusMoved || requestMoved) {
    set.cancel_due_at = cancelDueAt(before.kind, String(set.trang_thai_yeu_cau ?? before.trang_thai_yeu_cau), at, before.created_at);
  }

  // Money: the revenue follows the package and tier unless a manager sets it; the rest is derived.
  const merged = { ...before, ...set } as OrderRow;
  const price = await findPriceByName(em, before.kind, merged.ma_goi);
  const repriced =
    (change.ma_goi !== undefined && change.ma_goi !== before.ma_goi) ||
    (change.gia_ban_goi !== undefined && change.gia_ban_goi !== before.gia_ban_goi);
  if (repriced && change.doanh_thu === undefined) set.doanh_thu = price ? tierPrice(price, merged.gia_ban_goi) : 0;
  if (statusMoved && change.trang_thai === 'thu_hoi' && before.trang_thai === 'dang_ky_thanh_cong')
    set.truy_thu = clawback(num(before.doanh_thu_tinh_luong), num(price?.phi_thu_hoi));
  const money = deriveMoney({
    doanh_thu: num(set.doanh_thu ?? before.doanh_thu),
    chenh_lech: num(set.chenh_lech ?? before.chenh_lech),
    ti_le_doanh_thu_tinh_luong: num(set.ti_le_doanh_thu_tinh_luong ?? before.ti_le_doanh_thu_tinh_luong),
    gia_t1: num(price?.gia_t1),
  });
  set.ti_le_doanh_thu = money.ti_le_doanh_thu;
  set.doanh_thu_tinh_luong = money.doanh_thu_tinh_luong;

  const normalised = (r: Record<string, unknown>) => ({
    ...r,
    ...Object.fromEntries(
      ['doanh_thu', 'chenh_lech', 'ti_le_doanh_thu_tinh_luong', 'doanh_thu_tinh_luong', 'truy_thu', 'ti_le_doanh_thu']
        .filter((k) => r[k] !== undefined)
        .map((k) => [k, num(r[k])]),
    ),
  });
  const beforeN = normalised(asRecord(before));
  const changes = changedFields(beforeN, normalised({ ...asRecord(before), ...set }), AUDITED);
  if (changes.length === 0 && Number(beforeN.ti_le_doanh_thu) === money.ti_le_doanh_thu) return before;

  const after = await updateOrder(em, before.id, set);
  const { audit, outbox } = service.deps;
  await audit.record(em, { resource: orderResource(before.kind), id: before.id, who, changes });
  if (statusMoved) {
    const event = events_v1_orders.OrderStatusChanged.encode(statusChanged(before, after, who.username, at)).finish();
    await outbox.add(em, STATUS_CHANGED_TOPIC, before.id, event);
  }
  await addPushToOutbox(em, SCHEMA, ALL_ROOM, events_v1_pushes.OrdersChanged, { kind: after.kind, id: after.id }, { from: who.username });
  // A reminder moves when the order leaves its waiting status, or when a salesperson's reminder
  // changes hands (still waiting, reassigned): the old recipient's toast closes, the new one's opens.
  const handedOver = after.username_nv !== before.username_nv && reminderFor(before.trang_thai_yeu_cau)?.to === 'staff';
  if (after.trang_thai_yeu_cau !== before.trang_thai_yeu_cau || handedOver) {
    await pushReminderEnded(em, before);
    await pushReminder(em, after, at);
  }
  return after;
}

type Recipient = { username: string; priority: number };

/** Who an order's reminder goes to: its salesperson (soan_y, soan_y_lan_2) or every active manager (can_duyet). */
async function reminderRecipients(em: EntityManager, order: OrderRow, to: 'staff' | 'managers'): Promise<Recipient[]> {
  const all = to === 'staff' ? [{ username: order.username_nv, priority: PRIORITY.sales }] : await activeManagers(em);
  return all.filter((r) => !!r.username);
}

/**
 * Pushes the reminder a request status calls for (spec 3 §4, §8) to whoever must act, masked for
 * them, and stamps the push (reminded_at) for the repeat worker. `at` is the push's time.
 */
export async function pushReminder(em: EntityManager, order: OrderRow, at: Date): Promise<void> {
  const r = order.kind === 'mfy' ? reminderFor(order.trang_thai_yeu_cau) : null;
  if (!r) return;
  for (const to of await reminderRecipients(em, order, r.to)) {
    const view = reminderView(order, to.priority, isoDue);
    if (!view) continue;
    await addPushToOutbox(em, SCHEMA, userRoom(to.username), events_v1_pushes.ReminderPushed, {
      result: 'success',
      data: view,
      message: view.message,
    });
  }
  await markReminded(em, order.id, at);
}

const isoDue = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');

/**
 * Tells whoever the order reminded that the reminder is over (its order moved on or is gone), so
 * that the toast closes on every screen of every open browser. Nothing to take back offline: the
 * pending reminders are the waiting orders themselves.
 */
export async function pushReminderEnded(em: EntityManager, order: OrderRow): Promise<void> {
  const r = order.kind === 'mfy' ? reminderFor(order.trang_thai_yeu_cau) : null;
  if (!r) return;
  const data = { id: order.id, yeu_cau: r.kind };
  for (const to of await reminderRecipients(em, order, r.to))
    await addPushToOutbox(em, SCHEMA, userRoom(to.username), events_v1_pushes.ReminderEnded, { result: 'success', data });
}

/** Deletes an order, ending the reminder it gave. */
export async function removeOrder(em: EntityManager, order: OrderRow): Promise<void> {
  await deleteOrder(em, order.id);
  await pushReminderEnded(em, order);
}

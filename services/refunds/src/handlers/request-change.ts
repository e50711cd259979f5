import { AppError, Identity, isManager, Paging } from '@cskh/kit';
import { changedFields, requireId, Where } from '@cskh/kit/data';
import type { EntityManager } from 'typeorm';
import type { RefundsContext } from '../context';
import { packageRefundAmount } from '../domain/discount';
import { MSG, RMSG } from '../domain/messages';
import { presentRequest, RequestRow } from '../domain/present';
import { isTopUp } from '../domain/requests';
import { deletedSummary, deletionRefusal } from '../domain/deletion';
import { priceByName } from '../store/prices';
import {
  addChangedEvent,
  deleteRequestRow,
  findRequest,
  lockRequest,
  pageRequests,
  REQUEST_RESOURCE,
  updateRequest,
} from '../store/requests';

/** A page of requests as the list and the report answer it: rows, count and totals (the discounted total for priority below 3 only, like its column). */
export async function requestPage(service: RefundsContext, me: Identity, where: Where, paging: Paging) {
  const page = await pageRequests(service.deps.ds.manager, where, paging);
  return {
    values: page.rows.map((r) => presentRequest(r, me)),
    count: page.count,
    tongHoanTien: page.tongHoanTien,
    tongHoanThem: page.tongHoanThem,
    tongNapTien: page.tongNapTien,
    ...(isManager(me.priority) ? { tongTienSauChietKhau: page.tongTienSauChietKhau } : {}),
  };
}

/**
 * 'Xác nhận xoá bản ghi' from the request list or the report: the rules of domain/deletion.ts,
 * then the row goes, audited, and cskh.refunds.changed (deleted) undoes its effect on payroll's
 * refunds and clawbacks; the report's clawback list loses it with the row.
 */
export async function deleteRequestAs(service: RefundsContext, me: Identity, rawId: string): Promise<{ ok: boolean; msg: string }> {
  const { ds, audit, outbox } = service.deps;
  const early = deletionRefusal(
    { partner_state: 'none', trang_thai_truy_thu_hoan_theo_goi: '', trang_thai_truy_thu_hoan_them: '' },
    me.priority,
  );
  if (early) throw new AppError('FORBIDDEN', early);
  const id = requireId(rawId, RMSG.notFound);
  await ds.transaction(async (em) => {
    const r = await lockRequest(em, id);
    const refusal = deletionRefusal(r, me.priority);
    if (refusal) throw new AppError('PRECONDITION', refusal);
    const gone = await deleteRequestRow(em, r);
    await audit.record(em, { resource: REQUEST_RESOURCE, id, who: me, changes: [{ field: 'deleted', from: deletedSummary(r), to: true }] });
    await addChangedEvent(em, outbox, gone, 'deleted', me.username, true);
  });
  outbox.afterCommit();
  return { ok: true, msg: RMSG.deleted };
}

/** One change of a request: lock, plan, save, audit and (unless told) the changed event. */
export async function changeRequest(
  service: RefundsContext,
  me: Identity,
  rawId: string,
  field: string,
  plan: (r: RequestRow) => Record<string, unknown> | null,
  event = true,
  /** What else the change sets off in its transaction (a correction settling a waiting transfer). */
  then?: (em: EntityManager, after: RequestRow) => Promise<RequestRow>,
) {
  const { ds, audit, outbox } = service.deps;
  const id = requireId(rawId, RMSG.notFound);
  const row = await ds.transaction(async (em) => {
    const before = await lockRequest(em, id);
    const set = plan(before);
    if (!set) return before;
    const changes = changedFields(before as unknown as Record<string, unknown>, { ...before, ...set }, Object.keys(set));
    if (changes.length === 0) return before;
    const after = await updateRequest(em, id, set);
    await audit.record(em, { resource: REQUEST_RESOURCE, id, who: me, changes });
    if (event) await addChangedEvent(em, outbox, after, field, me.username);
    return then ? then(em, after) : after;
  });
  if (event) outbox.afterCommit();
  return presentRequest(row, me);
}

/** A request by id, unlocked (a no-op edit answers the row as it is). */
export async function findOrRefuse(service: RefundsContext, rawId: string) {
  const r = await findRequest(service.deps.ds.manager, requireId(rawId, RMSG.notFound));
  if (!r) throw new AppError('NOT_FOUND', RMSG.notFound);
  return r;
}

/** A change of package or method: a package refund's amount follows the price list. */
export async function changeWithPrices(
  service: RefundsContext,
  me: Identity,
  rawId: string,
  field: string,
  plan: (r: RequestRow) => Record<string, unknown>,
) {
  const id = requireId(rawId, RMSG.notFound);
  const current = await findOrRefuse(service, id);
  const set0 = plan(current);
  const pkg = String(set0.package_code ?? current.package_code);
  const prices = await priceByName(service.deps.ds.manager, pkg);
  if (!prices) throw new AppError('PRECONDITION', MSG.packageNotFound(pkg));
  return changeRequest(service, me, id, field, (r) => {
    const set: Record<string, unknown> = { ...plan(r), package_code: prices.ten_goi_cuoc };
    const method = Number(set.request_method ?? r.request_method);
    return isTopUp(r.request_type) || !method ? set : { ...set, refund_price: packageRefundAmount(prices, method) };
  });
}

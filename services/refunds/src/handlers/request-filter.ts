import { AppError, dayRange, monthToDate } from '@cskh/kit';
import { CallContext } from '@cskh/kit/server';
import { ListFilter, maskedContains, typedContains, Where } from '@cskh/kit/data';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { FILTER_STATUSES } from '../domain/requests';

/** The list's period: Vietnam days, this month to today when neither is given. */
function listPeriod(startDate: unknown, endDate: unknown) {
  const blank = (v: unknown) => String(v ?? '').trim() === '';
  if (blank(startDate) && blank(endDate)) {
    const d = monthToDate();
    return dayRange(d.startDate, d.endDate);
  }
  return dayRange(startDate, endDate);
}

/**
 * The filter shared by the request list and the report: period (this month to today when blank),
 * transfer, partner status, free text, and the caller's subtree.
 */
export function requestFilter(
  ctx: CallContext,
  staff: RefundsContext['deps']['staff'],
  req: { startDate?: string; endDate?: string; is_transfer?: string; trang_thai_giao_dich_doi_tac?: string; message?: string },
): Where {
  const me = ctx.user;
  const { from, to } = listPeriod(req.startDate, req.endDate);
  const transfer = String(req.is_transfer ?? '').trim();
  if (!['', '0', '1', '2'].includes(transfer)) throw new AppError('VALIDATION', RMSG.transferFilterInvalid);
  const status = String(req.trang_thai_giao_dich_doi_tac ?? '').trim();
  if (status && !(FILTER_STATUSES as readonly string[]).includes(status)) throw new AppError('VALIDATION', RMSG.statusFilterInvalid);
  const text = req.message?.trim();
  const where = new ListFilter()
    .period('created_time', { from, to })
    .eq('is_transfer', transfer === '1' ? 0 : transfer === '2' ? 1 : undefined)
    .eq('trang_thai_key', status);
  if (text) {
    // The phone and the reason (which may quote it) as the caller sees them (kit masked-search);
    // package, staff and reason as staff type them (kit typed-search).
    const [phone, ...phoneValues] = maskedContains('number_phone', text, me.priority);
    const [reason, ...reasonValues] = maskedContains('other_reason', text, me.priority, { typed: true });
    const [named, ...namedValues] = typedContains(['package_code', 'staff_username'], text);
    where.add(`(${phone} OR ${named} OR ${reason})`, ...phoneValues, ...namedValues, ...reasonValues);
  }
  // The scope reads staff_username only: the per-day counters answer it too.
  return where.over(['staff_username'], (w) => staff.rowsInScope(w, ctx, 'staff_username'));
}

import { AppError, importChunk } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { inScope, staffScopeOf } from '@cskh/kit/data';
import { isBelowManager } from '@cskh/kit';
import type { payroll_v1_payroll } from '@cskh/proto';
import type { PayrollContext } from '../context';
import { MSG } from '../domain/messages';
import { recordFromImport, RecordWrite } from '../domain/revenue';
import { markPending, touchedMonths } from '../store/payroll';
import { findRecord, insertImported, reassign, REVENUE_RESOURCE } from '../store/revenue';
import { presentDetailed } from './reports';

type Def = typeof payroll_v1_payroll.PayrollServiceService;

/** Writes to the revenue records: the historical import and a manager's reassignment (spec 2 §2.2, §7). */
export function revenueHandlers(service: PayrollContext): Pick<Handlers<Def>, 'importRevenue' | 'updateRevenueUser' | 'revenueHistory'> {
  const { ds, audit, staff } = service.deps;
  return {
    async importRevenue(req, ctx) {
      const me = ctx.user;
      if (isBelowManager(me.priority)) throw new AppError('FORBIDDEN');
      const fileName = (req.file_name ?? '').trim();
      let touched: Array<{ username_nv: string; ngay_thanh_cong: Date }> = [];
      const result = await importChunk({
        rows: req.rows ?? [],
        fileName,
        firstRow: req.first_row || 2,
        parse: (r) => recordFromImport(r),
        // The same sheet row again is the same record: staff, phone, package, revenue, time.
        key: (r) => [r.username_nv, r.so_dien_thoai_cs, r.goi_cuoc, r.doanh_thu, r.ngay_thanh_cong, r.kenh],
        save: (rows) =>
          ds.transaction(async (em) => {
            await insertImported(
              em,
              rows.map((r) => ({ w: { ...r.row, track1: r.importKey } as RecordWrite, importKey: r.importKey })),
            );
            touched = rows.map((r) => ({ username_nv: r.row.username_nv, ngay_thanh_cong: r.row.ngay_thanh_cong }));
            await markPending(em, touchedMonths(touched), me.username);
          }),
      });
      if (touched.length) service.recalc.nudge();
      return result;
    },

    async updateRevenueUser(req, ctx) {
      const me = ctx.user;
      if (isBelowManager(me.priority)) throw new AppError('FORBIDDEN', MSG.reassignForbidden);
      const username = (req.username ?? '').trim();
      if (!username) throw new AppError('VALIDATION', MSG.staffRequired);
      const target = await staff.get(username);
      if (!target || target.deleted) throw new AppError('VALIDATION', MSG.staffUnknown);
      if (!inScope(staffScopeOf(me), target, username)) throw new AppError('FORBIDDEN', MSG.staffOutOfScope);
      const row = await ds.transaction(async (em) => {
        const before = await findRecord(em, req.track0 ?? '', req.track1 ?? '');
        if (!before) throw new AppError('NOT_FOUND', MSG.recordNotFound);
        if (before.username_nv === username) return before;
        await reassign(em, before.track0, before.track1, username, me.username);
        await audit.record(em, {
          resource: REVENUE_RESOURCE,
          id: before.id,
          who: me,
          changes: [{ field: 'username_nv', from: before.username_nv, to: username }],
        });
        await markPending(em, touchedMonths([before, { username_nv: username, ngay_thanh_cong: before.ngay_thanh_cong }]), me.username);
        return (await findRecord(em, before.track0, before.track1))!;
      });
      service.recalc.nudge();
      return presentDetailed(row);
    },

    async revenueHistory(req, ctx) {
      const id = String(req.id ?? '');
      const sep = id.indexOf(':');
      const record = sep > 0 ? await findRecord(ds.manager, id.slice(0, sep), id.slice(sep + 1)) : undefined;
      if (!record) throw new AppError('NOT_FOUND', MSG.recordNotFound);
      const member = await staff.get(record.username_nv);
      if (!inScope(staffScopeOf(ctx.user), member, record.username_nv)) throw new AppError('NOT_FOUND', MSG.recordNotFound);
      return audit.history(ds.manager, REVENUE_RESOURCE, id, req.page, req.count);
    },
  };
}

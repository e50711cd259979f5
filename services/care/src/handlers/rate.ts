import { dayRange, monthToDate, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { typedContains, Where } from '@cskh/kit/data';
import type { care_v1_care } from '@cskh/proto';
import type { CareContext } from '../context';
import {} from '../domain/messages';
import { pageRates } from '../store/care-records';

type Def = typeof care_v1_care.CareServiceService;

/**
 * 'Tỉ lệ bắt số' (spec 2 §2.6): per staff member of the caller's subtree in the period (default
 * this month to today), results returned and each result's count, from one query over the care
 * results. The percentages are each count over the results returned (the screen shows both).
 */
export function rateHandlers(service: CareContext): Pick<Handlers<Def>, 'busySignalRate'> {
  const { ds, staff } = service.deps;
  return {
    async busySignalRate(req, ctx) {
      const paging = toPaging(req.page, req.count, 20);
      const period = !req.startDate && !req.endDate ? monthToDate(service.now()) : { startDate: req.startDate, endDate: req.endDate };
      const { from, to } = dayRange(period.startDate, period.endDate);
      const who = (req.username ?? '').trim();
      const text = (req.message ?? '').trim();
      const where = new Where().addIf(from, 'created_at >= ?').addIf(to, 'created_at < ?').addIf(who, 'username = ?');
      if (text) where.add(...typedContains(['username', 'fullname'], text));
      staff.rowsInScope(where, ctx, 'username');
      const page = await pageRates(ds.manager, where, paging);
      return {
        values: page.rows.map((r) => ({
          username_nv: r.username,
          ten_nv: r.fullname,
          so_tra_ket_qua: Number(r.total),
          hen: Number(r.hen),
          chap_nhan: Number(r.chap_nhan),
          tu_choi: Number(r.tu_choi),
          khong_nghe_may: Number(r.khong_nghe_may),
          khong_lien_lac_duoc: Number(r.khong_lien_lac_duoc),
          dung_lai_goi_cu: Number(r.dung_lai_goi_cu),
          da_dang_ky_lai: Number(r.da_dang_ky_lai),
        })),
        count: page.count,
      };
    },
  };
}

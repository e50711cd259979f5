import type { DataSource } from 'typeorm';
import {
  ALL_ROWS_COUNT,
  AppError,
  dayRange,
  exportWindowSize,
  Identity,
  importChunk,
  parseDateTime,
  TEXT_LIMITS,
  toPaging,
  vnDateTime,
} from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { likeContains, ListFilter, requireId } from '@cskh/kit/data';
import { isSales } from '@cskh/kit';
import { lookup_v1_lookup } from '@cskh/proto';
import { maskPhone, maskPhonesInText, digitsOf } from '../domain/phone';
import { MSG } from '../domain/messages';
import {
  assignOldestUnassignedLookupLogs,
  countUnassignedLookupLogs,
  deleteLookupLog,
  insertImportedLookupLogs,
  insertLookupLog,
  listLookupLogPage,
  LookupLogRow,
} from '../store/lookup-log';

type Def = typeof lookup_v1_lookup.LookupLogServiceService;

// As long as the API takes a message content: nothing the caller sent is cut.
const MAX_TEXT = TEXT_LIMITS.content;

/** A row as the viewer may see it: phones masked by priority, in the phone, the lookup name and the content (kit maskPhonesInText). */
export const present = (r: LookupLogRow, viewerPriority: number): lookup_v1_lookup.LookupLog => ({
  id: r.id,
  so_dien_thoai: maskPhone(r.so_dien_thoai, viewerPriority),
  ten_tra_cuu: maskPhonesInText(r.ten_tra_cuu, viewerPriority, r.so_dien_thoai),
  noi_dung: maskPhonesInText(r.noi_dung, viewerPriority, r.so_dien_thoai),
  username: r.username,
  full_name: r.full_name,
  createdAt: vnDateTime(r.created_at),
});

/** The lookup history API of spec 3 §7.1 (/api/v1/lstracuu family). */
export function lookupLogHandlers(ds: DataSource): Handlers<Def> {
  const list = async (
    who: Identity,
    f: { username?: string; noi_dung?: string; ten_tra_cuu?: string; startDate?: string; endDate?: string; assignedTo?: string },
    paging: { skip: number; take: number | undefined },
  ): Promise<lookup_v1_lookup.LookupLogList> => {
    const filter = new ListFilter()
      .eq('username', f.username)
      .addIf(f.noi_dung?.trim() && likeContains(f.noi_dung.trim()), 'noi_dung ILIKE ?')
      .eq('ten_tra_cuu', f.ten_tra_cuu)
      .addIf(f.assignedTo, 'assigned_to = ?')
      .period('created_at', dayRange(f.startDate, f.endDate));
    const page = await listLookupLogPage(ds, filter, paging);
    return {
      values: page.rows.map((r) => present(r, who.priority)),
      count: page.count,
      countByName: page.groups.map((g) => ({ ten_tra_cuu: g.key, count: g.count })),
    };
  };

  return {
    async listLookupLogs(req, ctx) {
      const who = ctx.user;
      // getAll: every row, or the window of them a streamed export asks for (its count says which);
      // a count of all rows (9999999999) without getAll is an export too.
      const paging = req.getAll
        ? toPaging(req.page, exportWindowSize(req.count) ? req.count : ALL_ROWS_COUNT)
        : toPaging(req.page, req.count, 20);
      if (paging.take === undefined && isSales(who.priority)) throw new AppError('FORBIDDEN', MSG.exportForbidden);
      return list(who, req, paging);
    },

    async createLookupLog(req, ctx) {
      const who = ctx.user;
      const ten = (req.ten_tra_cuu ?? '').trim();
      if (!ten) throw new AppError('VALIDATION', MSG.lookupNameRequired);
      const phone = (req.so_dien_thoai ?? '').trim();
      if (!digitsOf(phone)) throw new AppError('VALIDATION', MSG.phoneRequired);
      const row = await insertLookupLog(ds, {
        so_dien_thoai: phone.slice(0, 32),
        ten_tra_cuu: ten.slice(0, 200),
        noi_dung: (req.noi_dung ?? '').slice(0, MAX_TEXT),
        username: who.username,
        full_name: who.fullname,
      });
      return present(row, who.priority);
    },

    async importLookupLogs(req, ctx) {
      const who = ctx.user;
      const fileName = (req.file_name ?? '').trim();
      return importChunk({
        rows: req.rows ?? [],
        fileName,
        firstRow: req.first_row || 1,
        parse(r) {
          const phone = (r.so_dien_thoai ?? '').trim();
          const ten = (r.ten_tra_cuu ?? '').trim();
          const at = r.createdAt?.trim() ? parseDateTime(r.createdAt) : new Date();
          if (!digitsOf(phone)) return MSG.phoneInvalid;
          if (!ten) return MSG.lookupNameRequired;
          if (!at) return MSG.timeInvalid;
          const username = (r.username ?? '').trim() || who.username;
          const fullName = (r.full_name ?? '').trim() || (username === who.username ? who.fullname : '');
          return {
            phone: phone.slice(0, 32),
            ten: ten.slice(0, 200),
            noi: (r.noi_dung ?? '').slice(0, MAX_TEXT),
            username,
            fullName,
            at,
            sentAt: (r.createdAt ?? '').trim(),
          };
        },
        // Same row content → same key: re-sending a chunk does not duplicate.
        key: (r) => [r.phone, r.ten, r.noi, r.username, r.sentAt],
        async save(rows) {
          await insertImportedLookupLogs(
            ds,
            rows.map(({ row: r, importKey }) => ({
              phone: r.phone,
              ten: r.ten,
              noi: r.noi,
              username: r.username,
              fullName: r.fullName,
              at: r.at,
              importKey,
            })),
          );
        },
      });
    },

    async listAssignedLookupLogs(req, ctx) {
      const who = ctx.user;
      return list(who, { assignedTo: who.username }, toPaging(req.page, req.count, 20));
    },

    async countAssignableLookupLogs() {
      return { total: await countUnassignedLookupLogs(ds) };
    },

    async assignLookupLogs(req) {
      const items = (req.items ?? []).filter((i) => i.username?.trim() && i.count > 0);
      if (items.length === 0) throw new AppError('VALIDATION', MSG.assignNothing);
      const assigned = await assignOldestUnassignedLookupLogs(
        ds,
        items.map((item) => ({ username: item.username.trim(), count: Math.min(item.count, 100000) })),
      );
      return { assigned, msg: MSG.assigned };
    },

    async deleteLookupLog(req) {
      const id = requireId(req.id, MSG.logNotFound);
      if ((await deleteLookupLog(ds, id)) === 0) throw new AppError('NOT_FOUND', MSG.logNotFound);
      return { ok: true, msg: MSG.logDeleted };
    },
  };
}

import type { DataSource } from 'typeorm';
import {
  ALL_ROWS_COUNT,
  AppError,
  dayRange,
  exportWindowSize,
  importChunk,
  parseDateTime,
  TEXT_LIMITS,
  toPaging,
  vnDateTime,
} from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { inScope, ListFilter, maskedContains, requireId, StaffDirectory, staffScopeOf } from '@cskh/kit/data';
import {} from '@cskh/kit';
import { lookup_v1_lookup } from '@cskh/proto';
import { digitsOf, last9 } from '../domain/phone';
import { MSG } from '../domain/messages';
import { importAttribution } from '../domain/lookup-log';
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

/** A row: the phone's last 9 digits (the kit's reply step masks it, and the phones in the texts, by priority). */
export const present = (r: LookupLogRow): lookup_v1_lookup.LookupLog => ({
  id: r.id,
  so_dien_thoai: last9(r.so_dien_thoai),
  ten_tra_cuu: r.ten_tra_cuu,
  noi_dung: r.noi_dung,
  username: r.username,
  full_name: r.full_name,
  createdAt: vnDateTime(r.created_at),
});

/**
 * The lookup history API of spec 3 §7.1 (/api/v1/lstracuu family). The history is the caller's
 * subtree's (the kit's staff scope over the row's username: a branch its branch, a leader their
 * group, priority below 3 everyone), in the list, the delete and the import's attribution.
 */
export function lookupLogHandlers(ds: DataSource, staff: StaffDirectory): Handlers<Def> {
  /** The history list: `scoped` applies the route's declared row scope (the assigned list is the caller's by assignedTo). */
  const list = async (
    ctx: CallContext,
    f: { username?: string; noi_dung?: string; ten_tra_cuu?: string; startDate?: string; endDate?: string; assignedTo?: string },
    paging: { skip: number; take: number | undefined },
    scoped: boolean,
  ): Promise<lookup_v1_lookup.LookupLogList> => {
    const who = ctx.user;
    const filter = new ListFilter()
      .eq('username', f.username)
      .eq('ten_tra_cuu', f.ten_tra_cuu)
      .addIf(f.assignedTo, 'assigned_to = ?')
      .period('created_at', dayRange(f.startDate, f.endDate));
    // The content as the caller sees it (phones masked for priority 3+, kit masked-search), compared
    // as staff type it (no diacritics, any case).
    if (f.noi_dung?.trim()) filter.add(...maskedContains('noi_dung', f.noi_dung.trim(), who.priority, { typed: true }));
    // The scope reads the username only: the per-day counters by staff answer it too.
    if (scoped) filter.over(['username'], (w) => staff.rowsInScope(w, ctx, 'username'));
    const page = await listLookupLogPage(ds, filter, paging);
    return {
      values: page.rows.map(present),
      count: page.count,
      countByName: page.groups.map((g) => ({ ten_tra_cuu: g.key, count: g.count })),
    };
  };

  return {
    async listLookupLogs(req, ctx) {
      // getAll: every row, or the window of them a streamed export asks for (its count says which);
      // a count of all rows (9999999999) without getAll is an export too.
      const paging = req.getAll
        ? toPaging(req.page, exportWindowSize(req.count) ? req.count : ALL_ROWS_COUNT)
        : toPaging(req.page, req.count, 20);
      return list(ctx, req, paging, true);
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
      return present(row);
    },

    async importLookupLogs(req, ctx) {
      const who = ctx.user;
      const fileName = (req.file_name ?? '').trim();
      const rows = req.rows ?? [];
      const scope = staffScopeOf(who);
      const members = await staff.byUsernames(rows.map((r) => (r.username ?? '').trim()));
      return importChunk({
        rows,
        fileName,
        firstRow: req.first_row || 1,
        parse(r) {
          const phone = (r.so_dien_thoai ?? '').trim();
          const ten = (r.ten_tra_cuu ?? '').trim();
          const at = r.createdAt?.trim() ? parseDateTime(r.createdAt) : new Date();
          if (!digitsOf(phone)) return MSG.phoneInvalid;
          if (!ten) return MSG.lookupNameRequired;
          if (!at) return MSG.timeInvalid;
          const by = importAttribution(r, who, scope, members);
          if (typeof by === 'string') return by;
          const { username, fullName } = by;
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
      // The rows handed to the caller, whoever looked them up.
      return list(ctx, { assignedTo: ctx.user.username }, toPaging(req.page, req.count, 20), false);
    },

    // The pool a caller hands out is their subtree's lookups, to people of their subtree: a branch
    // head passed another branch's entries to their own leader before (security audit).
    async countAssignableLookupLogs(_req, ctx) {
      return { total: await countUnassignedLookupLogs(ds, (w) => staff.scopeSql(w, ctx.user, 'username')) };
    },

    async assignLookupLogs(req, ctx) {
      const who = ctx.user;
      const items = (req.items ?? []).filter((i) => i.username?.trim() && i.count > 0);
      if (items.length === 0) throw new AppError('VALIDATION', MSG.assignNothing);
      const scope = staffScopeOf(who);
      const members = await staff.byUsernames(items.map((i) => i.username.trim()));
      for (const { username } of items)
        if (!inScope(scope, members.get(username.trim()), username.trim()))
          throw new AppError('FORBIDDEN', MSG.staffOutOfScope(username.trim()));
      const assigned = await assignOldestUnassignedLookupLogs(
        ds,
        items.map((item) => ({ username: item.username.trim(), count: Math.min(item.count, 100000) })),
        (w) => staff.scopeSql(w, who, 'username'),
      );
      return { assigned, msg: MSG.assigned };
    },

    async deleteLookupLog(req, ctx) {
      const id = requireId(req.id, MSG.logNotFound);
      // A row outside the caller's subtree is not theirs to delete: not found, as a missing one.
      if ((await deleteLookupLog(ds, id, (w) => staff.scopeSql(w, ctx.user, 'username'))) === 0)
        throw new AppError('NOT_FOUND', MSG.logNotFound);
      return { ok: true, msg: MSG.logDeleted };
    },
  };
}

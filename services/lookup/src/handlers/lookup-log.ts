import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppError, Handlers, Identity, requireIdentity, toPaging } from '@cskh/kit';
import { lookup_v1_lookup } from '@cskh/proto';
import { maskPhone, maskPhonesInText, digitsOf } from '../domain/phone';
import { dayRange, vnDateTime } from '../domain/time';

type Def = typeof lookup_v1_lookup.LookupLogServiceService;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IMPORT_CHUNK = 200;
const MAX_TEXT = 4000;

interface Row {
  id: string;
  so_dien_thoai: string;
  ten_tra_cuu: string;
  noi_dung: string;
  username: string;
  full_name: string;
  created_at: Date;
}

/** A row as the viewer may see it: phones masked by priority, in the phone and the content. */
export const present = (r: Row, viewerPriority: number): lookup_v1_lookup.LookupLog => ({
  id: r.id,
  so_dien_thoai: maskPhone(r.so_dien_thoai, viewerPriority),
  ten_tra_cuu: r.ten_tra_cuu,
  noi_dung: maskPhonesInText(r.noi_dung, viewerPriority),
  username: r.username,
  full_name: r.full_name,
  createdAt: vnDateTime(r.created_at),
});

/** "DD/MM/YYYY HH:mm:ss", "DD/MM/YYYY" or ISO-8601 → Date (Vietnam time when no offset). */
export function parseDateTime(s: string): Date | undefined {
  const v = s.trim();
  if (!v) return undefined;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (m) return new Date(Date.UTC(+m[3], +m[2] - 1, +m[1], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - 7 * 3600000);
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (m) return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - 7 * 3600000);
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The lookup history API of spec 3 §7.1 (/api/v1/lstracuu family). */
export function lookupLogHandlers(ds: DataSource): Handlers<Def> {
  const list = async (
    who: Identity,
    f: { username?: string; noi_dung?: string; ten_tra_cuu?: string; startDate?: string; endDate?: string; assignedTo?: string },
    paging: { skip: number; take: number | undefined },
  ): Promise<lookup_v1_lookup.LookupLogList> => {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.username?.trim()) add('username = ?', f.username.trim());
    if (f.noi_dung?.trim()) add(`noi_dung ILIKE ?`, `%${f.noi_dung.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.ten_tra_cuu?.trim()) add('ten_tra_cuu = ?', f.ten_tra_cuu.trim());
    const { from, to } = dayRange(f.startDate, f.endDate);
    if (from) add('created_at >= ?', from);
    if (to) add('created_at < ?', to);
    if (f.assignedTo) add('assigned_to = ?', f.assignedTo);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const limit = paging.take === undefined ? '' : `LIMIT ${paging.take} OFFSET ${paging.skip}`;
    const [rows, counts] = await Promise.all([
      ds.query(
        `SELECT id, so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at
         FROM lookup.lookup_log ${w} ORDER BY created_at DESC, id ${limit}`,
        params,
      ) as Promise<Row[]>,
      ds.query(`SELECT ten_tra_cuu, count(*)::int AS count FROM lookup.lookup_log ${w} GROUP BY ten_tra_cuu ORDER BY count DESC, ten_tra_cuu`, params) as Promise<
        Array<{ ten_tra_cuu: string; count: number }>
      >,
    ]);
    return {
      values: rows.map((r) => present(r, who.priority)),
      count: counts.reduce((s, c) => s + c.count, 0),
      countByName: counts,
    };
  };

  return {
    async listLookupLogs(req, ctx) {
      const who = requireIdentity(ctx.identity);
      if (req.getAll && who.priority === 5) throw new AppError('FORBIDDEN', 'Bạn không có quyền xuất dữ liệu');
      const paging = req.getAll ? { skip: 0, take: undefined } : toPaging(req.page, req.count, 20);
      return list(who, req, paging);
    },

    async createLookupLog(req, ctx) {
      const who = requireIdentity(ctx.identity);
      const ten = (req.ten_tra_cuu ?? '').trim();
      if (!ten) throw new AppError('VALIDATION', 'Thiếu tên tra cứu');
      const phone = (req.so_dien_thoai ?? '').trim();
      if (!digitsOf(phone)) throw new AppError('VALIDATION', 'Bạn phải nhập số điện thoại');
      const [row] = (await ds.query(
        `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING id, so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at`,
        [phone.slice(0, 32), ten.slice(0, 200), (req.noi_dung ?? '').slice(0, MAX_TEXT), who.username, who.fullname],
      )) as Row[];
      return present(row, who.priority);
    },

    async importLookupLogs(req, ctx) {
      const who = requireIdentity(ctx.identity);
      const rows = req.rows ?? [];
      if (rows.length > IMPORT_CHUNK) throw new AppError('VALIDATION', `Mỗi lần chỉ được gửi tối đa ${IMPORT_CHUNK} dòng`);
      const errorRows: lookup_v1_lookup.ImportErrorRow[] = [];
      const good: unknown[][] = [];
      rows.forEach((r, index) => {
        const phone = (r.so_dien_thoai ?? '').trim();
        const ten = (r.ten_tra_cuu ?? '').trim();
        const at = r.createdAt?.trim() ? parseDateTime(r.createdAt) : new Date();
        const err = (type: string) => errorRows.push({ index, error_type: type, error_data: JSON.stringify(r) });
        if (!digitsOf(phone)) return err('Số điện thoại không hợp lệ');
        if (!ten) return err('Thiếu tên tra cứu');
        if (!at) return err('Thời gian không hợp lệ');
        const username = (r.username ?? '').trim() || who.username;
        const fullName = (r.full_name ?? '').trim() || (username === who.username ? who.fullname : '');
        const noi = (r.noi_dung ?? '').slice(0, MAX_TEXT);
        // Same row content → same key: re-sending a chunk does not duplicate.
        const key = createHash('sha256')
          .update(JSON.stringify([phone, ten, noi, username, (r.createdAt ?? '').trim()]))
          .digest('hex');
        good.push([phone.slice(0, 32), ten.slice(0, 200), noi, username, fullName, at, key]);
      });
      if (good.length) {
        const params: unknown[] = [];
        const tuples = good.map((g) => {
          const b = params.length;
          params.push(...g);
          return `(${g.map((_, i) => `$${b + i + 1}`).join(', ')})`;
        });
        await ds.query(
          `INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at, import_key)
           VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
          params,
        );
      }
      return { saved: good.length, errorRows };
    },

    async listAssignedLookupLogs(req, ctx) {
      const who = requireIdentity(ctx.identity);
      return list(who, { assignedTo: who.username }, toPaging(req.page, req.count, 20));
    },

    async countAssignableLookupLogs(_req, ctx) {
      requireIdentity(ctx.identity);
      const [r] = await ds.query(`SELECT count(*)::int AS total FROM lookup.lookup_log WHERE assigned_to IS NULL`);
      return { total: r.total };
    },

    async assignLookupLogs(req, ctx) {
      requireIdentity(ctx.identity);
      const items = (req.items ?? []).filter((i) => i.username?.trim() && i.count > 0);
      if (items.length === 0) throw new AppError('VALIDATION', 'Bạn chưa chọn nhân viên và số lượng cần phân chia');
      let assigned = 0;
      await ds.transaction(async (em) => {
        for (const item of items) {
          const r = await em.query(
            `UPDATE lookup.lookup_log SET assigned_to = $1, assigned_at = now()
             WHERE id IN (SELECT id FROM lookup.lookup_log WHERE assigned_to IS NULL ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
            [item.username.trim(), Math.min(item.count, 100000)],
          );
          assigned += Number(r?.[1] ?? 0);
        }
      });
      return { assigned, msg: 'Phân chia dữ liệu thành công.' };
    },

    async deleteLookupLog(req, ctx) {
      requireIdentity(ctx.identity);
      if (!UUID.test(req.id ?? '')) throw new AppError('NOT_FOUND');
      const r = await ds.query(`DELETE FROM lookup.lookup_log WHERE id = $1`, [req.id]);
      if (Number(r?.[1] ?? 0) === 0) throw new AppError('NOT_FOUND');
      return { ok: true, msg: 'Xóa lịch sử tra cứu thành công' };
    },
  };
}

import { EntityManager } from 'typeorm';
import { AppError, fail, Handlers, Identity, importChunk, pageSql, StaffMember, staffScopeOf, toPaging, vnDateTime, vnIsoDay, inScope } from '@cskh/kit';
import type { dataops_v1_dataops } from '@cskh/proto';
import type { DataopsContext } from '../context';
import { MSG } from '../domain/messages';
import { ALL, checkGrantDates, checkGrantFiles, dataPriority, isDataSenior, maySeeSection, PLACEHOLDER, Section, SECTION_LABEL, SECTION_TARGET_PRIORITY } from '../domain/permission';
import { FileNameError, parseFileName, parsePhone, text, TextTooLong } from '../domain/phone';
import { applyQuantities as applyQuotas, splitRowKey, SplitRowInput, unallocated } from '../domain/split';
import { refuseExportFor5 } from './scans';
import { modified } from '../store';

type Def = typeof dataops_v1_dataops.DataopsSplitServiceService;

interface SplitFileRow {
  id: string;
  file_name: string;
  is_activated: number;
  uploaded_by: string;
  uploaded_at: Date;
  total: number;
  used: number;
  allocated: number;
}

const SPLIT_FILE_SELECT = `SELECT f.*, coalesce((SELECT sum(quantity) FROM dataops.split_quota q WHERE q.file_id = f.id), 0)::int AS allocated FROM dataops.split_file f`;

const splitFileView = (f: SplitFileRow) => ({
  id: f.id,
  FileName: f.file_name,
  is_activated: f.is_activated,
  ngay_upload: vnDateTime(f.uploaded_at),
  tong: f.total,
  tong_da_dung: f.used,
  nguoi_upload: f.uploaded_by,
  con_lai_chua_chia: Math.max(0, f.total - f.allocated),
});

const fileNameOf = (raw: unknown) => {
  try {
    return parseFileName(raw);
  } catch (err) {
    if (err instanceof FileNameError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
};

async function splitFileByName(em: EntityManager, name: string, lock = false): Promise<SplitFileRow> {
  const rows: SplitFileRow[] = await em.query(
    lock ? `SELECT f.*, 0 AS allocated FROM dataops.split_file f WHERE f.file_name = $1 FOR UPDATE` : `${SPLIT_FILE_SELECT} WHERE f.file_name = $1`,
    [name],
  );
  return rows[0] ?? fail('NOT_FOUND', MSG.splitFileNotFound);
}

/** The accounts a caller hands data to: priority 3/4/5 staff of their subtree (priority 7 sees everyone, like below 3). */
export async function dataTargets(c: DataopsContext, me: Identity): Promise<StaffMember[]> {
  const viewer = { ...me, priority: dataPriority(me.priority) };
  const rows = await c.deps.staff.pickable(viewer);
  return rows.filter((r) => [3, 4, 5].includes(r.priority));
}

/** Own permitted files (by name) and days of one account. */
async function optionsOf(em: EntityManager, username: string, today: string) {
  const [files, days, quotas] = await Promise.all([
    em.query(`SELECT f.file_name FROM dataops.data_perm_file p JOIN dataops.split_file f ON f.id = p.file_id WHERE p.username = $1 ORDER BY f.file_name`, [username]) as Promise<
      Array<{ file_name: string }>
    >,
    em.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM dataops.data_perm_day WHERE username = $1 AND day >= $2::date ORDER BY day`, [username, today]) as Promise<
      Array<{ day: string }>
    >,
    em.query(
      `SELECT f.file_name, q.quantity, q.taken FROM dataops.split_quota q JOIN dataops.split_file f ON f.id = q.file_id WHERE q.username = $1 ORDER BY f.file_name`,
      [username],
    ) as Promise<Array<{ file_name: string; quantity: number; taken: number }>>,
  ]);
  return {
    username,
    files: files.map((f) => f.file_name),
    ngay: days.map((d) => d.day),
    quotas: quotas.map((q) => ({ FileName: q.file_name, quantity: q.quantity, taken: q.taken })),
  };
}

/**
 * Upload data-split (spec 3 §2.5), data permission (§2.6) and data split (§2.7). Grants and
 * quantities go only to accounts of the caller's subtree; an account above priority 2 that is
 * not 7 grants only files and days it holds itself. Quantities are saved under the file's row
 * lock, so two coordinators saving at once never hand out more than the file holds.
 */
export function splitHandlers(c: DataopsContext): Handlers<Def> {
  const { ds, staff } = c.deps;

  return {
    async listSplitFiles(req) {
      const paging = toPaging(req.page, req.count, 20);
      const [rows, total] = await Promise.all([
        ds.query(`${SPLIT_FILE_SELECT} ORDER BY f.uploaded_at DESC, f.id ${pageSql(paging)}`) as Promise<SplitFileRow[]>,
        ds.query(`SELECT count(*)::int AS n FROM dataops.split_file`) as Promise<Array<{ n: number }>>,
      ]);
      return { values: rows.map(splitFileView), count: total[0].n };
    },

    async listAllSplitFiles() {
      const rows: SplitFileRow[] = await ds.query(`${SPLIT_FILE_SELECT} ORDER BY f.file_name`);
      return { values: rows.map(splitFileView), count: rows.length };
    },

    async importSplitRows(req, ctx) {
      const me = ctx.user;
      let fileName: string | undefined;
      const rows = req.rows ?? [];
      const blocked = new Set<string>(
        (
          (await ds.query(`SELECT phone9 FROM dataops.blacklist WHERE phone9 = ANY($1)`, [
            rows.map((r) => String(r.so_dien_thoai ?? '').replace(/\D/g, '').slice(-9)),
          ])) as Array<{ phone9: string }>
        ).map((r) => r.phone9),
      );
      return importChunk({
        rows,
        firstRow: req.first_row || 2,
        parse: (r): (SplitRowInput & { fileName: string }) | string => {
          const f = fileNameOf(r.FileName);
          if (fileName !== undefined && f !== fileName) return MSG.fileNameMixed;
          fileName = f;
          const p = parsePhone(r.so_dien_thoai);
          if (typeof p === 'string') return p;
          if (blocked.has(p.phone9)) return MSG.blacklisted;
          try {
            return {
              ...p,
              fileName: f,
              loai_thue_bao: text(r.loai_thue_bao, 'Loại thuê bao'),
              goi_cuoc: text(r.goi_cuoc, 'Gói cước'),
              ngay_dang_ky: text(r.ngay_dang_ky, 'Ngày đăng ký'),
              ngay_het_han: text(r.ngay_het_han, 'Ngày hết hạn'),
              chu_ky_hien_tai: text(r.chu_ky_hien_tai, 'Chu kỳ hiện tại'),
              trang_thai: text(r.trang_thai, 'Trạng thái'),
              goi_co_the_dang_ky: text(r.goi_co_the_dang_ky, 'Gói có thể đăng ký'),
              so_chu_ky_mien_phi_con_lai: text(r.so_chu_ky_mien_phi_con_lai, 'Số chu kỳ miễn phí còn lại'),
            };
          } catch (err) {
            if (err instanceof TextTooLong) return err.message;
            throw err;
          }
        },
        key: (r) => splitRowKey(r.fileName, r),
        save: (good) =>
          ds.transaction(async (tx) => {
            const [file]: Array<{ id: string }> = await tx.query(
              `INSERT INTO dataops.split_file (file_name, uploaded_by) VALUES ($1, $2) ON CONFLICT (file_name) DO UPDATE SET file_name = EXCLUDED.file_name RETURNING id`,
              [fileName, me.username],
            );
            const cols = ['phone', 'phone9', 'loai_thue_bao', 'goi_cuoc', 'ngay_dang_ky', 'ngay_het_han', 'chu_ky_hien_tai', 'trang_thai', 'goi_co_the_dang_ky', 'so_chu_ky_mien_phi_con_lai'] as const;
            const inserted: unknown[] = await tx.query(
              `INSERT INTO dataops.split_number (file_id, ${cols.join(', ')})
               SELECT $1, ${cols.map((k) => `v.${k}`).join(', ')} FROM jsonb_to_recordset($2::jsonb) AS v(${cols.map((k) => `${k} text`).join(', ')})
               ON CONFLICT (file_id, phone9, upper(goi_cuoc)) DO NOTHING RETURNING 1`,
              [file.id, JSON.stringify(good.map((g) => Object.fromEntries(cols.map((k) => [k, g.row[k]]))))],
            );
            if (inserted.length) await tx.query(`UPDATE dataops.split_file SET total = total + $2 WHERE id = $1`, [file.id, inserted.length]);
          }),
      });
    },

    async getSplitFileInfo(req) {
      return splitFileView(await splitFileByName(ds.manager, fileNameOf(req.FileName)));
    },

    async findSplitRows(req, ctx) {
      refuseExportFor5(ctx.user, req.count);
      const f = await splitFileByName(ds.manager, fileNameOf(req.FileName));
      const paging = toPaging(req.page, req.count, 20);
      const rows: Array<Record<string, any>> = await ds.query(`SELECT * FROM dataops.split_number WHERE file_id = $1 ORDER BY id ${pageSql(paging)}`, [f.id]);
      return {
        values: rows.map((r) => ({
          so_dien_thoai: r.phone,
          loai_thue_bao: r.loai_thue_bao,
          goi_cuoc: r.goi_cuoc,
          ngay_dang_ky: r.ngay_dang_ky,
          ngay_het_han: r.ngay_het_han,
          chu_ky_hien_tai: r.chu_ky_hien_tai,
          trang_thai: r.trang_thai,
          goi_co_the_dang_ky: r.goi_co_the_dang_ky,
          so_chu_ky_mien_phi_con_lai: r.so_chu_ky_mien_phi_con_lai,
          FileName: f.file_name,
          nguoi_lay: r.taken_by ?? '',
          ngay_lay: vnDateTime(r.taken_at),
        })),
        count: f.total,
      };
    },

    async deleteSplitFile(req) {
      const name = fileNameOf(req.FileName);
      const rows: unknown[] = await modified(ds, `DELETE FROM dataops.split_file WHERE file_name = $1 RETURNING 1`, [name]);
      if (!rows.length) fail('NOT_FOUND', MSG.splitFileNotFound);
      return { ok: true, msg: `Đã xóa file ${name}` };
    },

    async activateSplitFile(req) {
      const name = fileNameOf(req.FileName);
      if (req.is_activated !== 0 && req.is_activated !== 1) fail('VALIDATION', MSG.activeInvalid);
      const rows: unknown[] = await modified(ds, `UPDATE dataops.split_file SET is_activated = $2 WHERE file_name = $1 RETURNING 1`, [name, req.is_activated]);
      if (!rows.length) fail('NOT_FOUND', MSG.splitFileNotFound);
      return { ok: true, msg: req.is_activated === 1 ? MSG.activated : MSG.deactivated };
    },

    async getOptionDataByFile(req, ctx) {
      const f = await splitFileByName(ds.manager, fileNameOf(req.FileName));
      const targets = new Map((await dataTargets(c, ctx.user)).map((t) => [t.username, t]));
      const rows: Array<{ username: string; quantity: number; taken: number }> = await ds.query(
        `SELECT username, quantity, taken FROM dataops.split_quota WHERE file_id = $1 ORDER BY username`,
        [f.id],
      );
      return {
        FileName: f.file_name,
        tong: f.total,
        con_lai: unallocated(f.total, rows),
        // Only the caller's subtree is shown; the remaining count covers everyone's.
        values: rows.filter((r) => targets.has(r.username)).map((r) => ({ ...r, fullname: targets.get(r.username)!.fullname })),
      };
    },

    async getOptionDataByUsername(req, ctx) {
      const me = ctx.user;
      const username = (req.username ?? '').trim();
      if (!username) fail('VALIDATION', MSG.usernameRequired);
      if (username !== me.username) {
        const targets = await dataTargets(c, me);
        if (!targets.some((t) => t.username === username)) fail('FORBIDDEN', MSG.targetOutsideScope(username.slice(0, 50)));
      }
      return optionsOf(ds.manager, username, vnIsoDay(c.now()));
    },

    async handleCustomDataOption(req, ctx) {
      const me = ctx.user;
      const now = c.now();
      const today = vnIsoDay(now);
      const mine = await optionsOf(ds.manager, me.username, today);
      const ownFiles = new Set(mine.files);
      const ownDays = new Set(mine.ngay);
      const targets = await dataTargets(c, me);
      const plans: Array<{ usernames: string[]; files: string[]; days: string[] }> = [];
      for (const section of ['branch', 'leader', 'sale'] as Section[]) {
        const s = req[section];
        const who = (s?.username ?? '').trim();
        if (!s || !who || who === PLACEHOLDER) continue;
        if (!maySeeSection(me.priority, section)) fail('FORBIDDEN', MSG.sectionNotAllowed(SECTION_LABEL[section]));
        const level = targets.filter((t) => t.priority === SECTION_TARGET_PRIORITY[section]);
        let usernames: string[];
        if (who === ALL) usernames = level.map((t) => t.username);
        else {
          if (!level.some((t) => t.username === who)) {
            const known = await staff.get(who);
            if (!known) fail('NOT_FOUND', MSG.targetUnknown(who.slice(0, 50)));
            if (known!.priority !== SECTION_TARGET_PRIORITY[section] && inScope(staffScopeOf({ ...me, priority: dataPriority(me.priority) }), known, who))
              fail('VALIDATION', MSG.targetNotStaff(who.slice(0, 50)));
            fail('FORBIDDEN', MSG.targetOutsideScope(who.slice(0, 50)));
          }
          usernames = [who];
        }
        const files = checkGrantFiles(s.files ?? [], me.priority, ownFiles);
        if (typeof files === 'string') fail('FORBIDDEN', files);
        const days = checkGrantDates(s.dates ?? [], now, me.priority, ownDays);
        if (typeof days === 'string') fail(isDataSenior(me.priority) ? 'VALIDATION' : 'FORBIDDEN', days);
        plans.push({ usernames, files: files as string[], days: days as string[] });
      }
      if (plans.length === 0) fail('VALIDATION', MSG.nothingToSave);
      await ds.transaction(async (tx) => {
        for (const p of plans) {
          const ids: Array<{ id: string; file_name: string }> = await tx.query(`SELECT id, file_name FROM dataops.split_file WHERE file_name = ANY($1)`, [p.files]);
          const missing = p.files.find((f) => !ids.some((i) => i.file_name === f));
          if (missing) fail('NOT_FOUND', `${MSG.splitFileNotFound}: ${missing.slice(0, 100)}`);
          for (const u of p.usernames) {
            // The saved lists replace the account's (files, and days from today on).
            await tx.query(`DELETE FROM dataops.data_perm_file WHERE username = $1`, [u]);
            await tx.query(`DELETE FROM dataops.data_perm_day WHERE username = $1 AND day >= $2::date`, [u, today]);
            if (ids.length)
              await tx.query(`INSERT INTO dataops.data_perm_file (username, file_id, granted_by) SELECT $1, unnest($2::uuid[]), $3`, [u, ids.map((i) => i.id), me.username]);
            if (p.days.length)
              await tx.query(`INSERT INTO dataops.data_perm_day (username, day, granted_by) SELECT $1, unnest($2::date[]), $3 ON CONFLICT DO NOTHING`, [u, p.days, me.username]);
          }
        }
      });
      return { ok: true, msg: MSG.permissionSaved };
    },

    async handleFileUserQuantityOption(req, ctx) {
      const me = ctx.user;
      const name = String(req.FileName ?? '').trim();
      if (!name || name === PLACEHOLDER) fail('VALIDATION', MSG.noSplitFile);
      const targets = new Set((await dataTargets(c, me)).map((t) => t.username));
      const assigns = Object.entries(req.assigns ?? {}).map(([username, quantity]) => ({ username: username.trim(), quantity: Number(quantity) }));
      for (const a of assigns) if (!targets.has(a.username)) fail('FORBIDDEN', MSG.targetOutsideScope(a.username.slice(0, 50)));
      await ds.transaction(async (tx) => {
        // The file's row lock serialises every save of this file: the sum is checked against what is stored.
        const f = await splitFileByName(tx, fileNameOf(name), true);
        const current: Array<{ username: string; quantity: number; taken: number }> = await tx.query(
          `SELECT username, quantity, taken FROM dataops.split_quota WHERE file_id = $1`,
          [f.id],
        );
        const next = applyQuotas(f.total, current, assigns);
        if (typeof next === 'string') fail('PRECONDITION', next);
        for (const a of assigns)
          await tx.query(
            `INSERT INTO dataops.split_quota (file_id, username, quantity, set_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT (file_id, username) DO UPDATE SET quantity = EXCLUDED.quantity, set_by = EXCLUDED.set_by, updated_at = now()`,
            [f.id, a.username, a.quantity, me.username],
          );
      });
      return { ok: true, msg: MSG.splitSaved };
    },

    async listDataTargets(_req, ctx) {
      const rows = await dataTargets(c, ctx.user);
      // A salesperson's leader by username (group_id is the leader's id), so the screens nest them.
      const leaderOf = new Map(rows.filter((r) => r.priority === 4).map((r) => [r.user_id, r.username]));
      return {
        values: rows.map((r) => ({
          username: r.username,
          fullname: r.fullname,
          priority: r.priority,
          brand_id: r.brand_id,
          leader: r.priority === 5 ? leaderOf.get(r.group_id) ?? '' : '',
          user_id: r.user_id,
        })),
        count: rows.length,
      };
    },
  };
}

/** Where a taken number stays reserved for its taker (README "Taking numbers"). */
export async function takeSplitNumber(c: DataopsContext, username: string) {
  const today = vnIsoDay(c.now());
  return c.deps.ds.transaction(async (tx) => {
    // The caller's quota rows on activated, permitted files, locked: one taker's calls queue, others' do not.
    const files: Array<{ file_id: string; file_name: string }> = await tx.query(
      `SELECT q.file_id, f.file_name FROM dataops.split_quota q JOIN dataops.split_file f ON f.id = q.file_id
        WHERE q.username = $1 AND q.taken < q.quantity AND f.is_activated = 1
          AND EXISTS (SELECT 1 FROM dataops.data_perm_file p WHERE p.username = $1 AND p.file_id = f.id)
          AND EXISTS (SELECT 1 FROM dataops.data_perm_day d WHERE d.username = $1 AND d.day = $2::date)
        ORDER BY f.uploaded_at, f.id
        FOR UPDATE OF q`,
      [username, today],
    );
    for (const f of files) {
      const [n]: Array<{ phone: string; goi_cuoc: string }> = await modified(tx, `UPDATE dataops.split_number SET taken_by = $2, taken_at = now()
          WHERE id = (SELECT n.id FROM dataops.split_number n
                       WHERE n.file_id = $1 AND n.taken_by IS NULL
                         AND NOT EXISTS (SELECT 1 FROM dataops.blacklist b WHERE b.phone9 = n.phone9)
                       ORDER BY n.id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING phone, goi_cuoc`,
        [f.file_id, username],
      );
      if (!n) continue;
      await tx.query(`UPDATE dataops.split_quota SET taken = taken + 1 WHERE file_id = $1 AND username = $2`, [f.file_id, username]);
      await tx.query(`UPDATE dataops.split_file SET used = used + 1 WHERE id = $1`, [f.file_id]);
      return { found: true, phone: n.phone, package: n.goi_cuoc, file_name: f.file_name, file_id: f.file_id, reason: '' };
    }
    // A reason only for someone who was given numbers: for anyone else care's own message stands.
    const [given] = await tx.query(`SELECT 1 FROM dataops.split_quota WHERE username = $1 AND quantity > 0 LIMIT 1`, [username]);
    return { found: false, phone: '', package: '', file_name: '', file_id: '', reason: given ? MSG.noSplitNumber : '' };
  });
}


import { AppError, fail, Identity, importChunk, toPaging, vnDateTime, vnIsoDay } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { StaffMember, staffScopeOf, inScope } from '@cskh/kit/data';
import { isBranch, isLeader, isSales } from '@cskh/kit';
import type { dataops_v1_dataops } from '@cskh/proto';
import type { DataopsContext } from '../context';
import { MSG } from '../domain/messages';
import {
  ALL,
  checkGrantDates,
  checkGrantFiles,
  dataPriority,
  isDataSenior,
  maySeeSection,
  PLACEHOLDER,
  Section,
  SECTION_LABEL,
  SECTION_TARGET_PRIORITY,
} from '../domain/permission';
import { FileNameError, parseFileName, parsePhone, text, TextTooLong } from '../domain/phone';
import { applyQuantities as applyQuotas, splitRowKey, SplitRowInput, unallocated } from '../domain/split';
import { blacklistedPhone9s } from '../store/blacklist';
import {
  allSplitFiles,
  deleteSplitFileByName,
  hasSplitQuota,
  insertSplitNumbers,
  listSplitFiles,
  lockTakeableQuotaFiles,
  permissionsOf,
  quotasOfFile,
  replaceDataPermissions,
  setSplitFileActivated,
  splitFileIdsByName,
  SplitFileRow,
  splitFileRowByName,
  splitNumbersPage,
  takeNextSplitNumber,
  upsertSplitQuota,
} from '../store/split';

type Def = typeof dataops_v1_dataops.DataopsSplitServiceService;

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

async function splitFileByName(em: Parameters<typeof splitFileRowByName>[0], name: string, lock = false): Promise<SplitFileRow> {
  return (await splitFileRowByName(em, name, lock)) ?? fail('NOT_FOUND', MSG.splitFileNotFound);
}

/** The accounts a caller hands data to: priority 3/4/5 staff of their subtree (priority 7 sees everyone, like below 3). */
export async function dataTargets(service: DataopsContext, me: Identity): Promise<StaffMember[]> {
  const viewer = { ...me, priority: dataPriority(me.priority) };
  const rows = await service.deps.staff.pickable(viewer);
  return rows.filter((r) => isBranch(r.priority) || isLeader(r.priority) || isSales(r.priority));
}

/** Own permitted files (by name) and days of one account. */
async function optionsOf(em: Parameters<typeof permissionsOf>[0], username: string, today: string) {
  const { files, days, quotas } = await permissionsOf(em, username, today);
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
export function splitHandlers(service: DataopsContext): Handlers<Def> {
  const { ds, staff } = service.deps;

  return {
    async listSplitFiles(req) {
      const { rows, total } = await listSplitFiles(ds, toPaging(req.page, req.count, 20));
      return { values: rows.map(splitFileView), count: total };
    },

    async listAllSplitFiles() {
      const rows = await allSplitFiles(ds);
      return { values: rows.map(splitFileView), count: rows.length };
    },

    async importSplitRows(req, ctx) {
      const me = ctx.user;
      let fileName: string | undefined;
      const rows = req.rows ?? [];
      const blocked = await blacklistedPhone9s(
        ds,
        rows.map((r) =>
          String(r.so_dien_thoai ?? '')
            .replace(/\D/g, '')
            .slice(-9),
        ),
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
          ds.transaction((tx) =>
            insertSplitNumbers(
              tx,
              fileName!,
              me.username,
              good.map((g) => g.row),
            ),
          ),
      });
    },

    async getSplitFileInfo(req) {
      return splitFileView(await splitFileByName(ds.manager, fileNameOf(req.FileName)));
    },

    async findSplitRows(req) {
      const f = await splitFileByName(ds.manager, fileNameOf(req.FileName));
      const paging = toPaging(req.page, req.count, 20);
      const rows = await splitNumbersPage(ds, f.id, paging);
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
      if (!(await deleteSplitFileByName(ds, name))) fail('NOT_FOUND', MSG.splitFileNotFound);
      return { ok: true, msg: `Đã xóa file ${name}` };
    },

    async activateSplitFile(req) {
      const name = fileNameOf(req.FileName);
      if (req.is_activated !== 0 && req.is_activated !== 1) fail('VALIDATION', MSG.activeInvalid);
      if (!(await setSplitFileActivated(ds, name, req.is_activated))) fail('NOT_FOUND', MSG.splitFileNotFound);
      return { ok: true, msg: req.is_activated === 1 ? MSG.activated : MSG.deactivated };
    },

    async getOptionDataByFile(req, ctx) {
      const f = await splitFileByName(ds.manager, fileNameOf(req.FileName));
      const targets = new Map((await dataTargets(service, ctx.user)).map((t) => [t.username, t]));
      const rows = await quotasOfFile(ds, f.id);
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
        const targets = await dataTargets(service, me);
        if (!targets.some((t) => t.username === username)) fail('FORBIDDEN', MSG.targetOutsideScope(username.slice(0, 50)));
      }
      return optionsOf(ds.manager, username, vnIsoDay(service.now()));
    },

    async handleCustomDataOption(req, ctx) {
      const me = ctx.user;
      const now = service.now();
      const today = vnIsoDay(now);
      const mine = await optionsOf(ds.manager, me.username, today);
      const ownFiles = new Set(mine.files);
      const ownDays = new Set(mine.ngay);
      const targets = await dataTargets(service, me);
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
            if (
              known!.priority !== SECTION_TARGET_PRIORITY[section] &&
              inScope(staffScopeOf({ ...me, priority: dataPriority(me.priority) }), known, who)
            )
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
          const ids = await splitFileIdsByName(tx, p.files);
          const missing = p.files.find((f) => !ids.some((i) => i.file_name === f));
          if (missing) fail('NOT_FOUND', `${MSG.splitFileNotFound}: ${missing.slice(0, 100)}`);
          for (const u of p.usernames) {
            await replaceDataPermissions(
              tx,
              u,
              today,
              ids.map((i) => i.id),
              p.days,
              me.username,
            );
          }
        }
      });
      return { ok: true, msg: MSG.permissionSaved };
    },

    async handleFileUserQuantityOption(req, ctx) {
      const me = ctx.user;
      const name = String(req.FileName ?? '').trim();
      if (!name || name === PLACEHOLDER) fail('VALIDATION', MSG.noSplitFile);
      const targets = new Set((await dataTargets(service, me)).map((t) => t.username));
      const assigns = Object.entries(req.assigns ?? {}).map(([username, quantity]) => ({
        username: username.trim(),
        quantity: Number(quantity),
      }));
      for (const a of assigns) if (!targets.has(a.username)) fail('FORBIDDEN', MSG.targetOutsideScope(a.username.slice(0, 50)));
      await ds.transaction(async (tx) => {
        // The file's row lock serialises every save of this file: the sum is checked against what is stored.
        const f = await splitFileByName(tx, fileNameOf(name), true);
        const current = await quotasOfFile(tx, f.id);
        const next = applyQuotas(f.total, current, assigns);
        if (typeof next === 'string') fail('PRECONDITION', next);
        for (const a of assigns) await upsertSplitQuota(tx, f.id, a.username, a.quantity, me.username);
      });
      return { ok: true, msg: MSG.splitSaved };
    },

    async listDataTargets(_req, ctx) {
      const rows = await dataTargets(service, ctx.user);
      // A salesperson's leader by username (group_id is the leader's id), so the screens nest them.
      const leaderOf = new Map(rows.filter((r) => isLeader(r.priority)).map((r) => [r.user_id, r.username]));
      return {
        values: rows.map((r) => ({
          username: r.username,
          fullname: r.fullname,
          priority: r.priority,
          brand_id: r.brand_id,
          leader: isSales(r.priority) ? (leaderOf.get(r.group_id) ?? '') : '',
          user_id: r.user_id,
        })),
        count: rows.length,
      };
    },
  };
}

const NO_ROW = { type: '', register_at: '', expired_at: '', package_cycle: '', state: '', package_can_register: '', free_cycles_left: '' };

/** Where a taken number stays reserved for its taker (README "Taking numbers"). */
export async function takeSplitNumber(service: DataopsContext, username: string) {
  const today = vnIsoDay(service.now());
  return service.deps.ds.transaction(async (tx) => {
    const files = await lockTakeableQuotaFiles(tx, username, today);
    for (const f of files) {
      const n = await takeNextSplitNumber(tx, f.file_id, username);
      if (!n) continue;
      return {
        found: true,
        phone: n.phone,
        package: n.goi_cuoc,
        file_name: f.file_name,
        file_id: f.file_id,
        reason: '',
        type: n.loai_thue_bao,
        register_at: n.ngay_dang_ky,
        expired_at: n.ngay_het_han,
        package_cycle: n.chu_ky_hien_tai,
        state: n.trang_thai,
        package_can_register: n.goi_co_the_dang_ky,
        free_cycles_left: n.so_chu_ky_mien_phi_con_lai,
      };
    }
    // A reason only for someone who was given numbers: for anyone else care's own message stands.
    const given = await hasSplitQuota(tx, username);
    return { found: false, phone: '', package: '', file_name: '', file_id: '', reason: given ? MSG.noSplitNumber : '', ...NO_ROW };
  });
}

import { AppError, Identity, importChunk, vnDateTime } from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { changedFields, inScope, requireId, staffScopeOf, typedContains, Where } from '@cskh/kit/data';
import { isBelowManager, isBranchOrAbove } from '@cskh/kit';
import type { payroll_v1_payroll } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { PayrollContext } from '../context';
import { MSG } from '../domain/messages';
import { displayMonth, parseMonth } from '../domain/month';
import { EDITABLE_FIELDS, ManualInputs, PayrollAmounts, ZERO_AMOUNTS } from '../domain/payroll';
import { checkSettings, PayrollSettings } from '../domain/settings';
import { manualInputs, parseAttendance, parseManualRow } from '../domain/sheets';
import {
  countPendingRows,
  ensureMonthRows,
  findRow,
  holdMonth,
  insertMonthLock,
  listPayrollRows,
  loadSettings,
  markOpenMonthsPending,
  markPending,
  monthLock,
  PAYROLL_RESOURCE,
  PayrollRowRecord,
  payrollRowUsername,
  saveAttendance,
  saveManual,
  saveSettings,
} from '../store/payroll';
import { reportPaging } from './reports';

type Def = typeof payroll_v1_payroll.PayrollServiceService;
type PayrollRpcs =
  | 'listPayroll'
  | 'exportPayroll'
  | 'saveAttendance'
  | 'saveManualData'
  | 'findPayroll'
  | 'updatePayroll'
  | 'closeMonth'
  | 'getMonth'
  | 'getSettings'
  | 'updateSettings'
  | 'payrollHistory';

/** A row as the sheet shows it: zeros while 'Đang tính toán...'. */
export function presentRow(r: PayrollRowRecord, me: Identity, closed: boolean): payroll_v1_payroll.PayrollRow {
  const amounts: PayrollAmounts = r.pending ? ZERO_AMOUNTS : { ...ZERO_AMOUNTS, ...r.result };
  return {
    id: r.id,
    username: r.username,
    fullname: r.fullname ?? '',
    thangTinhLuong: displayMonth(r.month),
    ...amounts,
    dang_tinh_toan: r.pending,
    // Not one's own row: someone above sets it (updatePayroll refuses it too).
    can_edit: isBranchOrAbove(me.priority) && !closed && r.username !== me.username,
  };
}

async function requireOpen(em: EntityManager, month: string) {
  await holdMonth(em, month, 'shared');
  if (await monthLock(em, month)) throw new AppError('PRECONDITION', MSG.monthClosed(displayMonth(month)));
}

/** The payroll sheet (spec 2 §2.7, §7 "Payroll extras"): list, imports, edit, lock, settings. */
export function payrollHandlers(service: PayrollContext): Pick<Handlers<Def>, PayrollRpcs> {
  const { ds, staff, audit } = service.deps;
  const delay = service.deps.config.PAYROLL_RECALC_DELAY_MS;

  const requireEditor = (me: Identity) => {
    if (!isBranchOrAbove(me.priority)) throw new AppError('FORBIDDEN', MSG.editForbidden);
  };
  /** The staff member must be the editor's or in their subtree. */
  const requireInScope = async (me: Identity, username: string) => {
    const member = await staff.get(username);
    if (!member || member.deleted) throw new AppError('VALIDATION', MSG.staffUnknown);
    if (!inScope(staffScopeOf(me), member, username)) throw new AppError('FORBIDDEN', MSG.staffOutOfScope);
  };

  const list = async (
    req: payroll_v1_payroll.PayrollRequest,
    ctx: CallContext,
    exportAll: boolean,
  ): Promise<payroll_v1_payroll.PayrollList> => {
    const me = ctx.user;
    const paging = reportPaging(req, exportAll);
    const month = parseMonth(req.startDate);
    const closed = !!(await monthLock(ds.manager, month));
    // Everyone on the staff gets a row in an open month (computed by the worker).
    if (!closed && (await ensureMonthRows(ds.manager, month)) > 0) service.recalc.nudge();
    const where = new Where().add('p.month = ?', month).addIf(req.username, 'p.username = ?');
    const search = req.message?.trim();
    if (search) where.add(...typedContains(['p.username', `coalesce(s.fullname, '')`], search));
    staff.rowsInScope(where, ctx, 'p.username');
    const { rows, totals: t } = await listPayrollRows(ds, where, paging);
    return {
      values: rows.map((r) => presentRow(r, me, closed)),
      count: Number(t.n),
      tongDoanhThuTamTinh: Number(t.tam_tinh),
      tongDoanhThuThucTe: Number(t.thuc_te),
      dang_tinh_toan: Number(t.pending),
      da_chot: closed,
    };
  };

  const monthState = async (em: EntityManager, month: string): Promise<payroll_v1_payroll.MonthState> => {
    const lock = await monthLock(em, month);
    return {
      thangTinhLuong: displayMonth(month),
      da_chot: !!lock,
      nguoi_chot: lock?.closed_by ?? '',
      thoi_gian_chot: lock ? vnDateTime(lock.closed_at) : '',
    };
  };

  /** Imports of one month's sheet: staff in the importer's subtree, the month open, rows marked for recalculation. */
  const importRows = async <Raw, Row extends { username: string; month: string }>(
    me: Identity,
    req: { rows?: Raw[]; file_name?: string; first_row?: number },
    parse: (raw: Raw) => Row | string,
    key: (row: Row) => unknown[],
    store: (em: EntityManager, rows: Row[]) => Promise<void>,
  ) => {
    requireEditor(me);
    const scope = staffScopeOf(me);
    const rows = req.rows ?? [];
    const members = await staff.byUsernames(rows.map((r) => String((r as { username?: string }).username ?? '').trim()));
    const closedMonths = new Set<string>();
    const result = await importChunk({
      rows,
      fileName: req.file_name ?? '',
      firstRow: req.first_row || 2,
      parse: (raw) => {
        const row = parse(raw);
        if (typeof row === 'string') return row;
        const member = members.get(row.username);
        if (!member || member.deleted) return MSG.staffUnknown;
        if (!inScope(scope, member, row.username)) return MSG.staffOutOfScope;
        return row;
      },
      key,
      save: (good) =>
        ds.transaction(async (em) => {
          const rowsByMonth = new Map<string, Row[]>();
          for (const g of good) rowsByMonth.set(g.row.month, [...(rowsByMonth.get(g.row.month) ?? []), g.row]);
          for (const [month, monthRows] of rowsByMonth) {
            await holdMonth(em, month, 'shared');
            if (await monthLock(em, month)) {
              closedMonths.add(month);
              continue;
            }
            await store(em, monthRows);
            await markPending(
              em,
              monthRows.map((r) => ({ username: r.username, month })),
              me.username,
              delay,
            );
          }
        }),
    });
    // Rows of a closed month were not stored: the whole chunk is refused (the sheet is for that month).
    if (closedMonths.size) throw new AppError('PRECONDITION', MSG.monthClosed([...closedMonths].map(displayMonth).join(', ')));
    service.recalc.nudge();
    return result;
  };

  return {
    listPayroll: (req, ctx) => list(req, ctx, false),
    exportPayroll: (req, ctx) => list(req, ctx, true),

    async saveAttendance(req, ctx) {
      const settings = await loadSettings(ds.manager);
      const month = req.thangTinhLuong?.trim() ? parseMonth(req.thangTinhLuong) : undefined;
      const file = req.file_name ?? '';
      return importRows(
        ctx.user,
        req,
        (raw) => {
          const rowIsFor = raw.thangTinhLuong?.trim() ? rowMonth(raw.thangTinhLuong) : month;
          return rowIsFor === '' ? MSG.monthInvalid : parseAttendance(raw, settings, rowIsFor);
        },
        (r) => [r.username, r.day, r.gio_vao, r.gio_ra],
        (em, rows) =>
          saveAttendance(
            em,
            rows.map((r) => ({ ...r, file })),
          ),
      );
    },

    async saveManualData(req, ctx) {
      const requestMonth = parseMonth(req.thangTinhLuong);
      const me = ctx.user;
      return importRows(
        me,
        req,
        (raw) => {
          const month = raw.thangTinhLuong?.trim() ? rowMonth(raw.thangTinhLuong) : requestMonth;
          if (!month) return MSG.monthInvalid;
          const r = parseManualRow(raw as unknown as Parameters<typeof parseManualRow>[0]);
          return typeof r === 'string' ? r : { ...r, month };
        },
        (r) => [r.username, r.month, JSON.stringify(r.manual)],
        async (em, rows) => {
          for (const r of rows) {
            const month = r.month;
            const before = await findRow(em, month, r.username, true);
            await saveManual(em, month, r.username, r.manual, me.username, delay);
            const after = (await findRow(em, month, r.username))!;
            await audit.record(em, {
              resource: PAYROLL_RESOURCE,
              id: after.id,
              who: me,
              changes: manualChanges(before?.manual ?? {}, r.manual),
            });
          }
        },
      );
    },

    async findPayroll(req, ctx) {
      const me = ctx.user;
      const month = parseMonth(req.thangTinhLuong);
      const username = (req.username ?? '').trim();
      const row = username ? await findRow(ds.manager, month, username) : undefined;
      const member = row && (await staff.get(username));
      if (!row || !inScope(staffScopeOf(me), member, username)) throw new AppError('NOT_FOUND', MSG.payrollNotFound);
      return presentRow(row, me, !!(await monthLock(ds.manager, month)));
    },

    async updatePayroll(req, ctx) {
      const me = ctx.user;
      requireEditor(me);
      const month = parseMonth(req.thangTinhLuong);
      const username = (req.username ?? '').trim();
      if (!username) throw new AppError('VALIDATION', MSG.staffRequired);
      // Nobody sets their own pay: someone above them does (a branch head raised his own in an audit).
      if (username === me.username) throw new AppError('FORBIDDEN', MSG.ownPayroll);
      await requireInScope(me, username);
      const manual = manualInputs(req as unknown as Record<string, unknown>);
      if (typeof manual === 'string') throw new AppError('VALIDATION', manual);
      const row = await ds.transaction(async (em) => {
        await requireOpen(em, month);
        const before = await findRow(em, month, username, true);
        await saveManual(em, month, username, manual, me.username, delay);
        const after = (await findRow(em, month, username))!;
        await audit.record(em, { resource: PAYROLL_RESOURCE, id: after.id, who: me, changes: manualChanges(before?.manual ?? {}, manual) });
        return after;
      });
      service.recalc.nudge();
      return { row: presentRow(row, me, false), msg: MSG.updated(username, displayMonth(month)) };
    },

    async closeMonth(req, ctx) {
      const me = ctx.user;
      if (isBelowManager(me.priority)) throw new AppError('FORBIDDEN', MSG.closeForbidden);
      const month = parseMonth(req.thangTinhLuong);
      return ds.transaction(async (em) => {
        await holdMonth(em, month, 'exclusive');
        if (await monthLock(em, month)) throw new AppError('CONFLICT', MSG.monthAlreadyClosed(displayMonth(month)));
        await ensureMonthRows(em, month);
        if ((await countPendingRows(em, month)) > 0) {
          service.recalc.nudge();
          throw new AppError('PRECONDITION', MSG.stillCalculating);
        }
        await insertMonthLock(em, month, me.username);
        return monthState(em, month);
      });
    },

    getMonth: async (req) => monthState(ds.manager, parseMonth(req.thangTinhLuong)),

    getSettings: async () => loadSettings(ds.manager),

    async updateSettings(req, ctx) {
      const me = ctx.user;
      if (isBelowManager(me.priority)) throw new AppError('FORBIDDEN', MSG.settingsForbidden);
      const settings: PayrollSettings = checkSettings(req as Partial<PayrollSettings>);
      await ds.transaction(async (em) => {
        await saveSettings(em, settings, me.username);
        // New parameters apply to every open month's sheet.
        await markOpenMonthsPending(em);
      });
      service.recalc.nudge();
      return settings;
    },

    async payrollHistory(req, ctx) {
      const id = requireId(req.id, MSG.payrollNotFound);
      const username = await payrollRowUsername(ds, id);
      if (username === undefined || !inScope(staffScopeOf(ctx.user), await staff.get(username), username))
        throw new AppError('NOT_FOUND', MSG.payrollNotFound);
      return audit.history(ds.manager, PAYROLL_RESOURCE, id, req.page, req.count);
    },
  };
}

/** A row's own month ('' when it is not a month: the row is refused). */
const rowMonth = (s: string) => {
  try {
    return parseMonth(s);
  } catch {
    return '';
  }
};

const manualChanges = (before: ManualInputs, next: ManualInputs) =>
  changedFields(before as Record<string, unknown>, { ...before, ...next } as Record<string, unknown>, EDITABLE_FIELDS);

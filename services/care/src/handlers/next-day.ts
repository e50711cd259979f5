import { AppError, Identity, importChunk, toPaging, vnDateTime } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { inScope, maskedContains, requireId, staffScopeOf, Where } from '@cskh/kit/data';
import type { care_v1_care } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { CareContext } from '../context';
import { checkDivisionTarget, divisionPlan } from '../domain/division';
import { MSG } from '../domain/messages';
import { balanceShare, checkNextDayInput, checkNextDayStatus, NextDayValues, packagePrice } from '../domain/next-day';
import {
  assignNextDay,
  countUnassignedNextDay,
  deleteNextDay,
  findNextDay,
  insertImportedNextDay,
  insertNextDay,
  lockNextDay,
  NextDayRow,
  pageNextDay,
  setNextDayStatus,
  updateNextDay,
} from '../store/next-day';

type Def = typeof care_v1_care.CareServiceService;

const RESOURCE = 'moigoihomsau';

/**
 * A record as stored. The kit's reply step masks others' records for priority 3 and above (spec 3
 * §9); the viewer's own records keep their phone and package whole (the number they are to invite,
 * as the care card shows its customer): declared `unmasked_for_owner` in the proto.
 */
const present = (r: NextDayRow): care_v1_care.NextDayRecord => {
  const tkc = Number(r.tkc ?? 0);
  const price = packagePrice(r.package);
  return {
    id: r.id,
    phone: r.phone,
    package: r.package,
    tkc,
    gia_goi: price,
    tkc_chia_phan_tram_gia_goi: balanceShare(tkc, price),
    username: r.username,
    ten_nv: r.fullname,
    status: r.status,
    so_lan_moi: Number(r.so_lan_moi),
    createdAt: vnDateTime(r.created_at),
  };
};

/**
 * Invite-next-day (spec 3 §2.17, §3, §5, §7.9): numbers to invite to a package the next day, each
 * with its staff, the balance the carrier reports, the package price and the share, and how often
 * the number was invited since. Own records for priority 5, the subtree above, all for seniors.
 */
export function nextDayHandlers(
  service: CareContext,
): Pick<
  Handlers<Def>,
  | 'listNextDay'
  | 'listNextDayAssigned'
  | 'countNextDayAssignable'
  | 'assignNextDay'
  | 'importNextDay'
  | 'approveNextDay'
  | 'setNextDayStatus'
  | 'nextDayHistory'
  | 'getNextDay'
  | 'createNextDay'
  | 'updateNextDay'
  | 'deleteNextDay'
> {
  const { ds, staff, audit } = service.deps;

  /** A staff member the caller may give a record to: known, active, inside their subtree. */
  async function checkStaff(me: Identity, username: string): Promise<string> {
    const member = await staff.get(username);
    if (!member || member.deleted) throw new AppError('VALIDATION', MSG.nextDayStaffUnknown(username));
    if (!inScope(staffScopeOf(me), member, username)) throw new AppError('FORBIDDEN', MSG.nextDayStaffOutOfScope(username));
    return member.fullname;
  }

  /** A record the caller may see and change (own for priority 5, subtree above, any for seniors). */
  async function lockVisible(em: EntityManager, me: Identity, id: string): Promise<NextDayRow> {
    const where = new Where().add('n.id = ?', id);
    staff.scopeSql(where, me, 'n.username');
    const row = await lockNextDay(em, where);
    if (!row) throw new AppError('NOT_FOUND', MSG.nextDayNotFound);
    return row;
  }

  async function reload(em: EntityManager, id: string): Promise<care_v1_care.NextDayRecord> {
    const row = await findNextDay(em, id);
    return present(row!);
  }

  async function page(where: Where, req: { page?: number; count?: number }) {
    const paging = toPaging(req.page, req.count, 20);
    const { rows, count } = await pageNextDay(ds, where, paging);
    return { values: rows.map(present), count };
  }

  const valuesOf = (req: { phone?: string; package?: string; username?: string }, me: Identity): NextDayValues => {
    const v = checkNextDayInput(req, me);
    if (typeof v === 'string') throw new AppError('VALIDATION', v);
    return v;
  };

  return {
    async listNextDay(req, ctx) {
      const me = ctx.user;
      const where = new Where();
      const phone = (req.phone ?? '').replace(/\D/g, '').replace(/^(84|0)(?=\d{9}$)/, '');
      if (phone) where.add(...maskedContains('n.phone9', phone, me.priority));
      staff.rowsInScope(where, ctx, 'n.username');
      return page(where, req);
    },

    async listNextDayAssigned(req, ctx) {
      return page(new Where().add('n.username = ?', ctx.user.username), req);
    },

    async countNextDayAssignable() {
      return { total: await countUnassignedNextDay(ds) };
    },

    async assignNextDay(req, ctx) {
      const me = ctx.user;
      const items = [...divisionPlan(req.items ?? [])].map(([username, count]) => ({ username, count }));
      const people = await staff.byUsernames(items.map((i) => i.username));
      for (const i of items) checkDivisionTarget(me, people.get(i.username), i.username);
      const names = new Map(items.map((i) => [i.username, people.get(i.username)!.fullname]));
      const assigned = await ds.transaction(async (em) => {
        // All or nothing: a person who would get fewer than asked fails the whole division.
        let total = 0;
        for (const i of items) {
          const got = await assignNextDay(em, i.username, names.get(i.username)!, i.count);
          if (got < i.count) throw new AppError('PRECONDITION', MSG.divideNotEnough(total + (await countUnassignedNextDay(em))));
          total += got;
        }
        return total;
      });
      return { assigned, items: items.map((i) => ({ username: i.username, count: i.count })), msg: MSG.divided };
    },

    async importNextDay(req, ctx) {
      const me = ctx.user;
      const rows = req.rows ?? [];
      const blocked = await service.blacklist.blocked(rows.map((r) => r.phone ?? ''));
      // Staff named in the sheet must be inside the caller's subtree (priority 5: themself).
      const people = await staff.byUsernames(rows.map((r) => (r.username ?? '').trim()));
      const scope = staffScopeOf(me);
      const parsed = await importChunk({
        rows,
        firstRow: req.first_row || 2,
        parse: (r) => {
          const v = checkNextDayInput(r, me);
          if (typeof v === 'string') return v;
          if (blocked.has(v.phone9)) return MSG.blacklisted;
          const member = people.get(v.username);
          if (v.username !== me.username && (!member || member.deleted)) return MSG.nextDayStaffUnknown(v.username);
          if (!inScope(scope, member, v.username)) return MSG.nextDayStaffOutOfScope(v.username);
          return { ...v, fullname: v.username === me.username ? (me.fullname ?? '') : member!.fullname };
        },
        // One record per number, package and staff: a re-sent chunk stores nothing twice.
        key: (v) => [RESOURCE, v.phone9, v.package, v.username],
        save: async (good) => {
          const balances = await Promise.all(good.map((g) => service.carrier.balance(g.row.phone)));
          await insertImportedNextDay(
            ds,
            good.map((g, i) => ({ ...g.row, tkc: balances[i], importKey: g.importKey, createdBy: me.username })),
          );
        },
      });
      return parsed;
    },

    async approveNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, ctx.user, id);
        await setNextDayStatus(em, id, 1);
        await audit.record(em, {
          resource: RESOURCE,
          id,
          who: ctx.user,
          changes: row.status === 1 ? [] : [{ field: 'status', from: row.status, to: 1 }],
        });
        return reload(em, id);
      });
    },

    async setNextDayStatus(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      const status = checkNextDayStatus(req.status);
      if (typeof status === 'string') throw new AppError('VALIDATION', status);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, ctx.user, id);
        await setNextDayStatus(em, id, status);
        await audit.record(em, {
          resource: RESOURCE,
          id,
          who: ctx.user,
          changes: row.status === status ? [] : [{ field: 'status', from: row.status, to: status }],
        });
        return reload(em, id);
      });
    },

    async nextDayHistory(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      await lockVisible(ds.manager, ctx.user, id);
      return audit.history(ds.manager, RESOURCE, id, req.page, req.count);
    },

    async getNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      return present(await lockVisible(ds.manager, ctx.user, id));
    },

    async createNextDay(req, ctx) {
      const me = ctx.user;
      const v = valuesOf(req, me);
      if ((await service.blacklist.blocked([v.phone])).size > 0) throw new AppError('VALIDATION', MSG.blacklisted);
      const fullname = v.username === me.username ? (me.fullname ?? '') : await checkStaff(me, v.username);
      const tkc = await service.carrier.balance(v.phone);
      const id = await insertNextDay(ds, {
        phone: v.phone,
        phone9: v.phone9,
        package: v.package,
        username: v.username,
        fullname,
        tkc,
        createdBy: me.username,
      });
      return reload(ds.manager, id);
    },

    async updateNextDay(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.nextDayNotFound);
      const v = valuesOf(req, me);
      if ((await service.blacklist.blocked([v.phone])).size > 0) throw new AppError('VALIDATION', MSG.blacklisted);
      const fullname = v.username === me.username ? (me.fullname ?? '') : await checkStaff(me, v.username);
      const tkc = await service.carrier.balance(v.phone);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, me, id);
        await updateNextDay(em, id, { phone: v.phone, phone9: v.phone9, package: v.package, username: v.username, fullname, tkc });
        const changes = (
          [
            ['phone', row.phone, v.phone],
            ['package', row.package, v.package],
            ['username', row.username, v.username],
          ] as const
        )
          .filter(([, from, to]) => from !== to)
          .map(([field, from, to]) => ({ field, from, to }));
        await audit.record(em, { resource: RESOURCE, id, who: me, changes });
        return reload(em, id);
      });
    },

    async deleteNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      await ds.transaction(async (em) => {
        await lockVisible(em, ctx.user, id);
        await deleteNextDay(em, id);
        await audit.record(em, { resource: RESOURCE, id, who: ctx.user, changes: [{ field: 'deleted', from: false, to: true }] });
      });
      return { ok: true, msg: MSG.nextDayDeleted };
    },
  };
}

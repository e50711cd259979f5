import { AppError, Handlers, Identity, importChunk, inScope, likeContains, maskPhone, maskPhonesInText, pageSql, requireId, staffScopeOf, toPaging, vnDateTime, Where } from '@cskh/kit';
import type { care_v1_care } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { CareContext } from '../context';
import { checkDivisionTarget, divisionPlan } from '../domain/division';
import { MSG } from '../domain/messages';
import { maskedTrail } from '../domain/present';
import { balanceShare, checkNextDayInput, checkNextDayStatus, NextDayValues, packagePrice } from '../domain/next-day';

type Def = typeof care_v1_care.CareServiceService;

const TABLE = 'care.next_day_invite';
const RESOURCE = 'moigoihomsau';

interface NextDayRow {
  id: string;
  phone: string;
  package: string;
  username: string;
  fullname: string;
  tkc: string | null;
  status: number;
  created_at: Date;
  so_lan_moi: string;
}

// The invite count: the number's invitations (any channel, any result) since the record was made.
const SELECT = `SELECT n.id, n.phone, n.package, n.username, n.fullname, n.tkc, n.status, n.created_at,
  (SELECT count(*) FROM care.invitation i WHERE i.phone9 = n.phone9 AND i.created_at >= n.created_at) AS so_lan_moi
  FROM ${TABLE} n`;

/**
 * The viewer sees the phone of their own records whole (the number they are to invite, as the care
 * card shows its customer); others' records, for priority 3 and above, masked as every list masks
 * it (spec 3 §9) — in the phone and in the package (issue 21).
 */
const seesWhole = (r: Pick<NextDayRow, 'username'>, viewer: Pick<Identity, 'priority' | 'username'>) => viewer.priority < 3 || r.username === viewer.username;

const present = (r: NextDayRow, viewer: Pick<Identity, 'priority' | 'username'>): care_v1_care.NextDayRecord => {
  const tkc = Number(r.tkc ?? 0);
  const price = packagePrice(r.package);
  const whole = seesWhole(r, viewer);
  return {
    id: r.id,
    phone: whole ? r.phone : maskPhone(r.phone, viewer.priority),
    package: whole ? r.package : maskPhonesInText(r.package, viewer.priority, r.phone),
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
  c: CareContext,
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
  const { ds, staff, audit } = c.deps;

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
    const [row]: NextDayRow[] = await em.query(`${SELECT} ${where.sql} FOR UPDATE OF n`, where.params);
    if (!row) throw new AppError('NOT_FOUND', MSG.nextDayNotFound);
    return row;
  }

  async function reload(em: EntityManager, id: string, viewer: Identity): Promise<care_v1_care.NextDayRecord> {
    const [row]: NextDayRow[] = await em.query(`${SELECT} WHERE n.id = $1`, [id]);
    return present(row, viewer);
  }

  async function page(where: Where, req: { page?: number; count?: number }, viewer: Identity) {
    const paging = toPaging(req.page, req.count, 20);
    const [rows, [total]] = await Promise.all([
      ds.query(`${SELECT} ${where.sql} ORDER BY n.created_at DESC, n.id ${pageSql(paging)}`, where.params) as Promise<NextDayRow[]>,
      ds.query(`SELECT count(*)::bigint AS n FROM ${TABLE} n ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
    ]);
    return { values: rows.map((r) => present(r, viewer)), count: Number(total.n) };
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
      if (phone) where.add('n.phone9 LIKE ?', likeContains(phone));
      staff.scopeSql(where, me, 'n.username');
      return page(where, req, me);
    },

    async listNextDayAssigned(req, ctx) {
      return page(new Where().add('n.username = ?', ctx.user.username), req, ctx.user);
    },

    async countNextDayAssignable() {
      const [r] = await ds.query(`SELECT count(*)::bigint AS n FROM ${TABLE} WHERE username = ''`);
      return { total: Number(r.n) };
    },

    async assignNextDay(req, ctx) {
      const me = ctx.user;
      const items = [...divisionPlan(req.items ?? [])].map(([username, count]) => ({ username, count }));
      const people = await staff.byUsernames(items.map((i) => i.username));
      for (const i of items) checkDivisionTarget(me, people.get(i.username), i.username);
      const names = new Map(items.map((i) => [i.username, people.get(i.username)!.fullname]));
      const assigned = await ds.transaction(async (em) => {
        // The pool is locked row by row (SKIP LOCKED): two seniors dividing at once never hand one record twice.
        let total = 0;
        for (const i of items) {
          const rows: Array<{ id: string }> = await em.query(
            `UPDATE ${TABLE} SET username = $1, fullname = $2 WHERE id IN (
               SELECT id FROM ${TABLE} WHERE username = '' ORDER BY created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id`,
            [i.username, names.get(i.username), i.count],
          ).then((r: [Array<{ id: string }>, number]) => r[0]);
          if (rows.length < i.count) {
            const [left] = await em.query(`SELECT count(*)::int AS n FROM ${TABLE} WHERE username = ''`);
            throw new AppError('PRECONDITION', MSG.divideNotEnough(total + Number(left.n)));
          }
          total += rows.length;
        }
        return total;
      });
      return { assigned, items: items.map((i) => ({ username: i.username, count: i.count })), msg: MSG.divided };
    },

    async importNextDay(req, ctx) {
      const me = ctx.user;
      const rows = req.rows ?? [];
      const blocked = await c.blacklist.blocked(rows.map((r) => r.phone ?? ''));
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
          return { ...v, fullname: v.username === me.username ? me.fullname ?? '' : member!.fullname };
        },
        // One record per number, package and staff: a re-sent chunk stores nothing twice.
        key: (v) => [RESOURCE, v.phone9, v.package, v.username],
        save: async (good) => {
          const balances = await Promise.all(good.map((g) => c.carrier.balance(g.row.phone)));
          await ds.query(
            `INSERT INTO ${TABLE} (phone, phone9, package, username, fullname, tkc, import_key, created_by)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
             ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
            [
              good.map((g) => g.row.phone),
              good.map((g) => g.row.phone9),
              good.map((g) => g.row.package),
              good.map((g) => g.row.username),
              good.map((g) => g.row.fullname),
              balances,
              good.map((g) => g.importKey),
              good.map(() => me.username),
            ],
          );
        },
      });
      return parsed;
    },

    async approveNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, ctx.user, id);
        await em.query(`UPDATE ${TABLE} SET status = 1 WHERE id = $1`, [id]);
        await audit.record(em, { resource: RESOURCE, id, who: ctx.user, changes: row.status === 1 ? [] : [{ field: 'status', from: row.status, to: 1 }] });
        return reload(em, id, ctx.user);
      });
    },

    async setNextDayStatus(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      const status = checkNextDayStatus(req.status);
      if (typeof status === 'string') throw new AppError('VALIDATION', status);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, ctx.user, id);
        await em.query(`UPDATE ${TABLE} SET status = $2 WHERE id = $1`, [id, status]);
        await audit.record(em, { resource: RESOURCE, id, who: ctx.user, changes: row.status === status ? [] : [{ field: 'status', from: row.status, to: status }] });
        return reload(em, id, ctx.user);
      });
    },

    async nextDayHistory(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      const row = await lockVisible(ds.manager, ctx.user, id);
      const trail = await audit.history(ds.manager, RESOURCE, id, req.page, req.count);
      return seesWhole(row, ctx.user) ? trail : { ...trail, values: maskedTrail(trail.values, ctx.user.priority, row.phone) };
    },

    async getNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      return present(await lockVisible(ds.manager, ctx.user, id), ctx.user);
    },

    async createNextDay(req, ctx) {
      const me = ctx.user;
      const v = valuesOf(req, me);
      if ((await c.blacklist.blocked([v.phone])).size > 0) throw new AppError('VALIDATION', MSG.blacklisted);
      const fullname = v.username === me.username ? me.fullname ?? '' : await checkStaff(me, v.username);
      const tkc = await c.carrier.balance(v.phone);
      const [row]: Array<{ id: string }> = await ds.query(
        `INSERT INTO ${TABLE} (phone, phone9, package, username, fullname, tkc, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [v.phone, v.phone9, v.package, v.username, fullname, tkc, me.username],
      );
      return reload(ds.manager, row.id, me);
    },

    async updateNextDay(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.nextDayNotFound);
      const v = valuesOf(req, me);
      if ((await c.blacklist.blocked([v.phone])).size > 0) throw new AppError('VALIDATION', MSG.blacklisted);
      const fullname = v.username === me.username ? me.fullname ?? '' : await checkStaff(me, v.username);
      const tkc = await c.carrier.balance(v.phone);
      return ds.transaction(async (em) => {
        const row = await lockVisible(em, me, id);
        await em.query(`UPDATE ${TABLE} SET phone = $2, phone9 = $3, package = $4, username = $5, fullname = $6, tkc = COALESCE($7, tkc) WHERE id = $1`, [
          id,
          v.phone,
          v.phone9,
          v.package,
          v.username,
          fullname,
          tkc,
        ]);
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
        return reload(em, id, me);
      });
    },

    async deleteNextDay(req, ctx) {
      const id = requireId(req.id, MSG.nextDayNotFound);
      await ds.transaction(async (em) => {
        await lockVisible(em, ctx.user, id);
        await em.query(`DELETE FROM ${TABLE} WHERE id = $1`, [id]);
        await audit.record(em, { resource: RESOURCE, id, who: ctx.user, changes: [{ field: 'deleted', from: false, to: true }] });
      });
      return { ok: true, msg: MSG.nextDayDeleted };
    },
  };
}

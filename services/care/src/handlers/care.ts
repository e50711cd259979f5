import { AppError, DAY_MS, last9, toPaging, vnStartOfDay } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId, Where } from '@cskh/kit/data';
import { isSales } from '@cskh/kit';
import { care_v1_care, events_v1_care } from '@cskh/proto';
import type { CareContext } from '../context';
import { checkCareResult } from '../domain/care-result';
import { moiLaiRefusal } from '../domain/moi-lai';
import { resultRecorded, RESULT_RECORDED_TOPIC } from '../domain/events';
import { MSG } from '../domain/messages';
import { presentCareRecord, presentRecord } from '../domain/present';
import { insertRecord } from '../store/care-records';
import {
  countWaiting,
  insertSplitCustomer,
  lockCustomer,
  lockPerson,
  openCase,
  pageCustomers,
  takeNext,
  updateCustomer,
} from '../store/customers';
import { groupLeaderOf } from '../store/staff-hierarchy';

type Def = typeof care_v1_care.CareServiceService;

/** Statuses in which a customer is not (yet) anybody's care case. */
const NOT_IN_CARE = new Set(['NORMAL', 'ASSIGNED', 'BLOCKED']);

/** New-customer care (spec 1 §2.10, §2.11): the appointments table, take-next, the care result. */
export function careHandlers(
  service: CareContext,
): Pick<Handlers<Def>, 'listAppointments' | 'newCare' | 'openCare' | 'recordCare' | 'reinviteCustomer'> {
  const { ds, outbox } = service.deps;

  /**
   * Whose customers the caller takes: their own first, then (a salesperson) what was handed to
   * their leader and not divided further — the team's shared pool (services/care/README.md).
   */
  const holdersOf = async (me: { username: string; priority: number; userId: string }): Promise<string[]> => {
    if (!isSales(me.priority)) return [me.username];
    const leader = await groupLeaderOf(ds, me.username);
    return leader ? [me.username, leader] : [me.username];
  };

  /**
   * Nothing handed to the caller: the next number of a data-split file dataops permits them today
   * (contract with dataops). Numbers care's blacklist holds are skipped (dataops should not hand
   * them; a few more are asked for). Runs under the caller's lock, so two tabs open one case.
   */
  const takeSplitNumber = async (em: Parameters<typeof openCase>[0], username: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const t = await service.split.take(username);
      if (!t.number) return { reason: t.reason };
      const n = t.number;
      const phone9 = last9(n.phone);
      if (phone9.length !== 9) continue;
      if ((await service.blacklist.blocked([n.phone])).has(phone9)) {
        service.deps.log.warn({ phone9, file: n.fileId }, 'dataops handed a blacklisted number; skipped');
        continue;
      }
      return { taken: await insertSplitCustomer(em, { ...n, phone9 }, username) };
    }
    return { reason: '' };
  };

  return {
    async listAppointments(req, ctx) {
      const me = ctx.user;
      const now = service.now();
      const where = new Where().add(`taken_by = ?`, me.username).add(`status = 'APPOINTMENT'`);
      // Today's appointments first, then by time (spec 1 §2.11). The day bounds are our own Dates.
      const from = startOfToday(now);
      const to = new Date(from.getTime() + DAY_MS);
      const order = `(appointment_at >= '${from.toISOString()}'::timestamptz AND appointment_at < '${to.toISOString()}'::timestamptz) DESC, appointment_at, id`;
      const page = await pageCustomers(ds.manager, where, order, toPaging(req.page, req.count, 20));
      return { values: page.rows.map((r) => presentCareRecord(r, now)), count: page.count };
    },

    async newCare(_req, ctx) {
      const me = ctx.user;
      const holders = await holdersOf(me);
      return ds.transaction(async (em) => {
        await lockPerson(em, me.username);
        const open = await openCase(em, me.username);
        const handed = open ?? (await takeNext(em, holders, me.username));
        const split = handed ? undefined : await takeSplitNumber(em, me.username);
        const taken = handed ?? split?.taken;
        const count = await countWaiting(em, holders);
        // Nothing at all: dataops' reason when it gave one (quota used up…), else ours.
        const msg = taken ? '' : split?.reason || MSG.noNewCustomer;
        return { value: taken ? presentCareRecord(taken, service.now()) : undefined, count, resumed: !!open, msg };
      });
    },

    // The open case as it stands, for a screen that opens (reload, new tab): nothing is taken.
    async openCare(_req, ctx) {
      const me = ctx.user;
      const holders = await holdersOf(me);
      const open = await openCase(ds.manager, me.username);
      const count = await countWaiting(ds.manager, holders);
      return { value: open ? presentCareRecord(open, service.now()) : undefined, count, resumed: !!open, msg: '' };
    },

    // 'Mời lại': a call-back customer of the caller becomes their open case again
    // (TAKECARE); its care-result dialog then records the new result. One open case at a time.
    async reinviteCustomer(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.customerNotFound);
      const holders = await holdersOf(me);
      return ds.transaction(async (em) => {
        await lockPerson(em, me.username);
        const cu = await lockCustomer(em, id);
        const open = await openCase(em, me.username);
        const refusal = moiLaiRefusal(cu, me.username, open?.id);
        if (refusal) throw new AppError(cu.taken_by !== me.username ? 'FORBIDDEN' : 'CONFLICT', refusal);
        const reopened = await updateCustomer(em, id, { status: 'TAKECARE', taken_at: service.now() });
        const count = await countWaiting(em, holders);
        return { value: presentCareRecord(reopened, service.now()), count, resumed: false, msg: MSG.moiLaiOpened };
      });
    },

    async recordCare(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.customerNotFound);
      const outcome = checkCareResult(req);
      if (typeof outcome === 'string') throw new AppError('VALIDATION', outcome);
      const now = service.now();
      const record = await ds.transaction(async (em) => {
        const cu = await lockCustomer(em, id);
        if (cu.taken_by !== me.username || NOT_IN_CARE.has(cu.status)) throw new AppError('FORBIDDEN', MSG.notYourCustomer);
        await updateCustomer(em, id, {
          status: outcome.status,
          care_package: outcome.package,
          care_note: outcome.note,
          appointment_at: outcome.appointmentAt,
          cared_at: now,
        });
        const r = await insertRecord(em, {
          customer_id: id,
          username: me.username,
          fullname: me.fullname,
          phone: cu.phone,
          phone9: cu.phone9,
          package: outcome.package,
          status: outcome.status,
          appointment_at: outcome.appointmentAt,
          note: outcome.note,
          created_at: now,
        });
        const { key, event } = resultRecorded(r);
        await outbox.add(em, RESULT_RECORDED_TOPIC, key, events_v1_care.CareResultRecorded.encode(event).finish());
        return r;
      });
      outbox.afterCommit();
      return { record: presentRecord(record, me, now), msg: MSG.careRecorded };
    },
  };
}

/** 00:00 of today in Vietnam. */
const startOfToday = (now: Date) => new Date(vnStartOfDay(now));

import { AppError, dayRange, digitsOf, Identity, parseDateTime, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { ListFilter, maskedEndsWith, requireId, staffOptionList } from '@cskh/kit/data';
import {} from '@cskh/kit';
import type { care_v1_care } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { CareContext } from '../context';
import { isCareResult, NOTE_MAX } from '../domain/care-result';
import { MSG } from '../domain/messages';
import { mayEditRecord, presentRecord } from '../domain/present';
import {
  CareRecordRow,
  findRecord,
  lockRecord,
  mirrorRecordToCustomer,
  pageRecords,
  RECORD_RESOURCE,
  updateRecord,
} from '../store/care-records';

type Def = typeof care_v1_care.CareServiceService;
type Rpcs = 'careHistory' | 'setStatus' | 'setAppointmentAt' | 'setNote' | 'careRecordHistory' | 'listStaff';

/** The care history (spec 1 §2.9): filters, masking, staff column, inline edits with their audit trail. */
export function historyHandlers(service: CareContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, staff, audit } = service.deps;

  /**
   * One inline edit: the record locked, the own-record rule, the change audited; when the record is
   * the customer's latest result, the customer follows it (the appointments table shows the edit).
   */
  const edit = async (me: Identity, rawId: string, field: 'status' | 'appointment_at' | 'note', value: unknown) => {
    const id = requireId(rawId, MSG.recordNotFound);
    const row = await ds.transaction(async (em) => {
      const r = await lockRecord(em, id);
      if (!mayEditRecord(me, r)) throw new AppError('FORBIDDEN', MSG.notYourRecord);
      const before = (r as unknown as Record<string, unknown>)[field];
      const same = value instanceof Date && before instanceof Date ? value.getTime() === before.getTime() : before === value;
      if (same) return r;
      const updated = await updateRecord(em, id, { [field]: value });
      await audit.record(em, { resource: RECORD_RESOURCE, id, who: me, changes: [{ field, from: before, to: value }] });
      await mirrorToCustomer(em, updated, field, value);
      return updated;
    });
    return presentRecord(row, me, service.now());
  };

  return {
    async careHistory(req, ctx) {
      const me = ctx.user;
      const paging = toPaging(req.page, req.count, 20);
      // The export asks for every row (page 0, count 9999999999): not for priority 5 (spec 1 §6).
      const cared = dayRange(req.startDate, req.endDate);
      const hen = dayRange(req.startDateHen, req.endDateHen);
      const phone = digitsOf(req.phone).slice(-9);
      const status = (req.status ?? '').trim();
      const where = new ListFilter()
        .period('created_at', cared)
        .addIf(hen.from, 'appointment_at >= ?')
        .addIf(hen.to, 'appointment_at < ?')
        .eq('status', status)
        .eq('username', req.username)
        // The scope reads the username column only: the per-day counters answer it too.
        .over(['username'], (w) => staff.rowsInScope(w, ctx, 'username'));
      // By the phone's last digits, as the caller sees it (kit masked-search: no guessing the hidden ones).
      if (phone) where.add(...maskedEndsWith('phone9', phone, me.priority));
      const page = await pageRecords(ds.manager, where, paging);
      const now = service.now();
      return { values: page.rows.map((r) => presentRecord(r, me, now)), count: page.count };
    },

    async setStatus(req, ctx) {
      const status = (req.status ?? '').trim();
      if (status && !isCareResult(status)) throw new AppError('VALIDATION', MSG.statusInvalid);
      return edit(ctx.user, req.id, 'status', status);
    },

    async setAppointmentAt(req, ctx) {
      const raw = (req.appointment_at ?? '').trim();
      const at = raw ? parseDateTime(raw) : null;
      if (at === undefined) throw new AppError('VALIDATION', MSG.appointmentInvalid);
      return edit(ctx.user, req.id, 'appointment_at', at);
    },

    async setNote(req, ctx) {
      const me = ctx.user;
      const note = (req.note ?? '').trim();
      if (note.length > NOTE_MAX) throw new AppError('VALIDATION', MSG.noteTooLong);
      // A blank note is ignored (spec 1 §2.9, §5): the record answers unchanged.
      if (!note) {
        const id = requireId(req.id, MSG.recordNotFound);
        const r = await findRecord(ds.manager, id);
        if (!r) throw new AppError('NOT_FOUND', MSG.recordNotFound);
        if (!mayEditRecord(me, r)) throw new AppError('FORBIDDEN', MSG.notYourRecord);
        return presentRecord(r, me, service.now());
      }
      return edit(me, req.id, 'note', note);
    },

    async careRecordHistory(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.recordNotFound);
      const r = await findRecord(ds.manager, id);
      // Visible to whoever may see the record in the history (the same subtree rule).
      if (!r || !(await staff.mayView(me, r.username))) throw new AppError('NOT_FOUND', MSG.recordNotFound);
      return audit.history(ds.manager, RECORD_RESOURCE, id, req.page, req.count);
    },

    async listStaff(_req, ctx) {
      return staffOptionList(staff, ctx.user, { includeLocked: true });
    },
  };
}

/** The customer follows an edit of its latest result (status, appointment, note). */
async function mirrorToCustomer(em: EntityManager, r: CareRecordRow, field: string, value: unknown) {
  if (!r.customer_id) return;
  await mirrorRecordToCustomer(em, r, field === 'note' ? 'care_note' : field, value);
}

import type { EntityManager } from 'typeorm';
import { fail, Identity, importChunk, parseDateTime, toPaging, vnDateTime, AppError, keptUnlessEdited, TEXT_LIMITS } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { changedFields, isUniqueViolation, likeContains, requireId, typedContains, Where } from '@cskh/kit/data';
import type { dataops_v1_dataops } from '@cskh/proto';
import type { DataopsContext } from '../context';
import { blacklistChanged } from '../domain/events';
import { MSG } from '../domain/messages';
import { checkOtp, extractOtp } from '../domain/otp';
import { parsePhone, text, TextTooLong } from '../domain/phone';
import {
  blacklistRowById,
  BlacklistRow,
  deleteBlacklist,
  insertBlacklist,
  insertBlacklistRows,
  listBlacklist,
  updateBlacklist,
} from '../store/blacklist';
import {
  deleteOtp,
  isOtpPhoneBlacklisted,
  listOtp,
  otpRowById,
  OtpFields,
  OtpRow,
  updateOtp,
  upsertOtp,
  upsertOtpRows,
} from '../store/otp';

type Def = typeof dataops_v1_dataops.DataopsListServiceService;

const blacklistView = (r: BlacklistRow) => ({
  id: r.id,
  phone_number: r.phone_number,
  description: r.description,
  createdAt: vnDateTime(r.created_at),
});
const otpView = (r: OtpRow & { blacklisted?: boolean }) => ({
  id: r.id,
  otp: r.otp,
  datetime: vnDateTime(r.datetime),
  str_mes: r.str_mes,
  phone_number: r.phone_number,
  blacklisted: !!r.blacklisted,
});

const phoneOrFail = (raw: unknown) => {
  const p = parsePhone(raw);
  if (typeof p === 'string') fail('VALIDATION', p);
  return p as { phone: string; phone9: string };
};

const textOrFail = (raw: unknown, label: string, max: number = TEXT_LIMITS.short) => {
  try {
    return text(raw, label, max);
  } catch (err) {
    if (err instanceof TextTooLong) throw new AppError('VALIDATION', err.message);
    throw err;
  }
};

/**
 * Blacklist (spec 3 §2.11, §7.6) and OTP 1414 (§2.18, §7.10). Every blacklist change writes a
 * BlacklistChanged through the outbox in its own transaction (care keeps its read model from it);
 * one entry per phone (last 9 digits).
 */
export function listHandlers(service: DataopsContext): Handlers<Def> {
  const { ds, outbox, audit } = service.deps;

  const publish = async (em: EntityManager, e: Parameters<typeof blacklistChanged>[0]) => {
    const m = blacklistChanged(e);
    await outbox.add(em, m.topic, m.key, m.payload);
  };

  const blacklistById = async (em: EntityManager, id: string, lock = false): Promise<BlacklistRow> => {
    return (await blacklistRowById(em, requireId(id, MSG.blacklistNotFound), lock)) ?? fail('NOT_FOUND', MSG.blacklistNotFound);
  };

  const otpById = async (em: EntityManager, id: string, lock = false): Promise<OtpRow> => {
    return (await otpRowById(em, requireId(id, MSG.otpNotFound), lock)) ?? fail('NOT_FOUND', MSG.otpNotFound);
  };

  const who = (me: Identity) => ({ username: me.username, fullname: me.fullname });

  /** An OTP record's fields from a form: the code is read from the message when not given. */
  const otpFields = (req: dataops_v1_dataops.OtpInput): OtpFields => {
    const str_mes = textOrFail(req.str_mes, 'Nội dung tin nhắn', 2000);
    if (!str_mes) fail('VALIDATION', MSG.otpMessageRequired);
    const otp = (req.otp ?? '').trim() || extractOtp(str_mes) || fail('VALIDATION', MSG.otpNotInMessage);
    const bad = checkOtp(otp!);
    if (bad) fail('VALIDATION', bad);
    const phoneRaw = (req.phone_number ?? '').trim();
    const p = phoneRaw ? phoneOrFail(phoneRaw) : undefined;
    let datetime: Date | undefined;
    if ((req.datetime ?? '').trim()) {
      try {
        datetime = parseDateTime(req.datetime) ?? undefined;
      } catch {
        datetime = undefined;
      }
      if (!datetime) fail('VALIDATION', MSG.dateTimeInvalid);
    }
    return { str_mes, otp: otp!, phone_number: p?.phone ?? '', phone9: p?.phone9 ?? null, datetime: datetime ?? new Date() };
  };

  return {
    async listBlacklist(req) {
      const where = new Where();
      const phone = (req.message ?? '').replace(/\D/g, '');
      if ((req.message ?? '').trim()) where.add('phone_number ILIKE ?', likeContains(phone || (req.message ?? '').trim()));
      if ((req.description ?? '').trim()) where.add(...typedContains('description', req.description.trim()));
      const { rows, total } = await listBlacklist(ds, where, toPaging(req.page, req.count, 10));
      return { values: rows.map(blacklistView), count: total };
    },

    getBlacklist: async (req) => blacklistView(await blacklistById(ds.manager, req.id)),

    async createBlacklist(req, ctx) {
      const p = phoneOrFail(req.phone_number);
      const description = textOrFail(req.description, 'Mô tả', TEXT_LIMITS.note);
      try {
        return await ds.transaction(async (tx) => {
          const row = await insertBlacklist(tx, { phone: p.phone, phone9: p.phone9, description, by: ctx.user.username });
          await publish(tx, { phone: p.phone, blacklisted: true, reason: description, by: ctx.user.username });
          await audit.record(tx, {
            resource: 'blacklist',
            id: row.id,
            who: who(ctx.user),
            changes: [{ field: 'phone_number', from: null, to: p.phone }],
          });
          outbox.afterCommit();
          return blacklistView(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) fail('CONFLICT', MSG.blacklistExists);
        throw err;
      }
    },

    async updateBlacklist(req, ctx) {
      const p = phoneOrFail(req.phone_number);
      const description = textOrFail(req.description, 'Mô tả', TEXT_LIMITS.note);
      try {
        return await ds.transaction(async (tx) => {
          const before = await blacklistById(tx, req.id, true);
          const row = await updateBlacklist(tx, before.id, { phone: p.phone, phone9: p.phone9, description });
          // A phone edited away is no longer blacklisted; the new one is.
          if (before.phone9 !== p.phone9)
            await publish(tx, { phone: before.phone_number, blacklisted: false, reason: description, by: ctx.user.username });
          await publish(tx, { phone: p.phone, blacklisted: true, reason: description, by: ctx.user.username });
          await audit.record(tx, {
            resource: 'blacklist',
            id: row.id,
            who: who(ctx.user),
            changes: changedFields(before, row, ['phone_number', 'description']),
          });
          outbox.afterCommit();
          return blacklistView(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) fail('CONFLICT', MSG.blacklistExists);
        throw err;
      }
    },

    async deleteBlacklist(req, ctx) {
      return ds.transaction(async (tx) => {
        const before = await blacklistById(tx, req.id, true);
        await deleteBlacklist(tx, before.id);
        await publish(tx, { phone: before.phone_number, blacklisted: false, reason: before.description, by: ctx.user.username });
        await audit.record(tx, {
          resource: 'blacklist',
          id: before.id,
          who: who(ctx.user),
          changes: [{ field: 'phone_number', from: before.phone_number, to: null }],
        });
        outbox.afterCommit();
        return { ok: true, msg: 'Đã xóa' };
      });
    },

    async importBlacklist(req, ctx) {
      return importChunk({
        rows: req.rows ?? [],
        firstRow: req.first_row || 2,
        parse: (r) => {
          const p = parsePhone(r.phone_number);
          if (typeof p === 'string') return p;
          try {
            return { ...p, description: text(r.description, 'Mô tả', TEXT_LIMITS.note) };
          } catch (err) {
            if (err instanceof TextTooLong) return err.message;
            throw err;
          }
        },
        // Duplicates by phone (spec 3 §5): a phone already listed is kept as it is.
        key: (r) => [r.phone9],
        save: (rows) =>
          ds.transaction(async (tx) => {
            const inserted = await insertBlacklistRows(
              tx,
              rows.map((r) => r.row),
              ctx.user.username,
            );
            for (const row of inserted)
              await publish(tx, { phone: row.phone_number, blacklisted: true, reason: row.description, by: ctx.user.username });
            if (inserted.length) outbox.afterCommit();
          }),
      });
    },

    blacklistHistory: (req) => audit.history(ds.manager, 'blacklist', requireId(req.id, MSG.blacklistNotFound), req.page, req.count),

    async listOtp(req) {
      const where = new Where();
      if ((req.message ?? '').trim()) where.add(...typedContains('str_mes', req.message.trim()));
      if ((req.description ?? '').trim()) where.add('phone_number ILIKE ?', likeContains(req.description.trim()));
      const { rows, total } = await listOtp(ds, where, toPaging(req.page, req.count, 10));
      return { values: rows.map(otpView), count: total };
    },

    async getOtp(req) {
      const row = await otpById(ds.manager, req.id);
      return otpView({ ...row, blacklisted: await isOtpPhoneBlacklisted(ds, row.id) });
    },

    async createOtp(req, ctx) {
      const f = otpFields(req);
      return ds.transaction(async (tx) => {
        const row = await upsertOtp(tx, f, ctx.user.username);
        await audit.record(tx, {
          resource: 'otp1414',
          id: row.id,
          who: who(ctx.user),
          changes: [{ field: 'otp', from: null, to: row.otp }],
        });
        return otpView(row);
      });
    },

    async updateOtp(req, ctx) {
      try {
        return await ds.transaction(async (tx) => {
          const before = await otpById(tx, req.id, true);
          // A masked viewer's form sends back the numbers as shown: those mean "unchanged".
          const p = ctx.user.priority;
          const f = otpFields({
            ...req,
            phone_number: keptUnlessEdited(req.phone_number ?? '', before.phone_number ?? '', p),
            str_mes: keptUnlessEdited(req.str_mes ?? '', before.str_mes ?? '', p, before.phone_number),
          });
          const row = await updateOtp(tx, before.id, f);
          await audit.record(tx, {
            resource: 'otp1414',
            id: row.id,
            who: who(ctx.user),
            changes: changedFields(before, row, ['phone_number', 'otp', 'str_mes']),
          });
          return otpView(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) fail('CONFLICT', 'Số điện thoại đã có OTP khác');
        throw err;
      }
    },

    async deleteOtp(req, ctx) {
      return ds.transaction(async (tx) => {
        const before = await otpById(tx, req.id, true);
        await deleteOtp(tx, before.id);
        await audit.record(tx, {
          resource: 'otp1414',
          id: before.id,
          who: who(ctx.user),
          changes: [{ field: 'otp', from: before.otp, to: null }],
        });
        return { ok: true, msg: 'Đã xóa' };
      });
    },

    async importOtp(req, ctx) {
      return importChunk({
        rows: req.rows ?? [],
        firstRow: req.first_row || 2,
        parse: (r) => {
          const p = parsePhone(r.phone_number);
          if (typeof p === 'string') return p;
          let str_mes: string;
          try {
            str_mes = text(r.description, 'Nội dung tin nhắn', 2000);
          } catch (err) {
            if (err instanceof TextTooLong) return err.message;
            throw err;
          }
          if (!str_mes) return MSG.otpMessageRequired;
          const otp = extractOtp(str_mes);
          if (!otp) return MSG.otpNotInMessage;
          return { ...p, str_mes, otp };
        },
        // Rows keyed by phone (spec 3 §5): the last row of a phone wins, a re-sent one changes nothing.
        key: (r) => [r.phone9],
        save: (rows) => upsertOtpRows(ds, lastPerPhone(rows.map((r) => r.row)), ctx.user.username),
      });
    },

    otpHistory: (req) => audit.history(ds.manager, 'otp1414', requireId(req.id, MSG.otpNotFound), req.page, req.count),
  };
}

/** Within one chunk the last row of a phone wins (an upsert may not touch one row twice). */
function lastPerPhone<T extends { phone9: string }>(rows: T[]): T[] {
  return [...new Map(rows.map((r) => [r.phone9, r])).values()];
}

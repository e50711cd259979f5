import { randomUUID } from 'node:crypto';
import { AppError, dayRange, Identity, last9, monthToDate, toPaging, vnDateTime } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { maskedEndsWith, Where } from '@cskh/kit/data';
import { addPushToOutbox, ALL_ROOM, noticePayload } from '@cskh/kit/messaging';
import { isManager } from '@cskh/kit';
import { care_v1_care, events_v1_care, events_v1_pushes } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { CarrierRegistration } from '../clients/invite-carrier';
import type { CareContext } from '../context';
import { INVITE_REGISTERED_TOPIC } from '../domain/events';
import {
  INVITE_CHANNELS,
  inviteStep,
  inviteTabCandidates,
  mayUseChannel,
  otpConfirmRefusal,
  REGISTER_SUCCESS,
  registrationNotice,
  RESULT_PENDING,
  TRANS_ID_FIELDS,
  TRANSACTION_STATUS,
} from '../domain/invite';
import { MSG } from '../domain/messages';
import {
  CarrierOutcome,
  completeInvitation,
  insertInvitation,
  InvitationRow,
  noteInvitationRefusal,
  pageInvitations,
} from '../store/invitations';
import { otpTransaction, rememberOtpTransaction } from '../store/otp-transactions';
import { branchAccountOf } from '../store/staff-hierarchy';

type Def = typeof care_v1_care.CareServiceService;

/**
 * An invitation: the number with its 0. The kit's reply step masks it above priority 2 (spec 2 §6),
 * in the carrier's texts and the package too (the carrier's answer often names the subscriber).
 */
function presentInvitation(r: InvitationRow): care_v1_care.Invitation {
  return {
    id: r.id,
    msisdn: `0${last9(r.phone)}`,
    packCode: r.package,
    packPrice: Number(r.price),
    type: r.type,
    resultCodeMO: r.result_code,
    requestType: r.request_type,
    resultDesMt: r.result_des_mt,
    resultDesMO: r.result_des_mo,
    genDate: vnDateTime(r.created_at),
    username_nv: r.username,
    ten_nv: r.fullname,
    status: r.status,
  };
}

/** Package invitations (spec 2 §2.1, §3, §4 "OTP flow"): OTP, confirm, register/renew, history. */
export function inviteHandlers(service: CareContext): Pick<Handlers<Def>, 'invite' | 'listInvitations' | 'listInviteTabs'> {
  const { ds, outbox, staff, schema } = service.deps;

  /** Codes 1–4: seniors always; others need the channel active for themselves or their branch. */
  async function channelActive(me: Identity, kenh: string): Promise<boolean> {
    if (isManager(me.priority)) return true;
    if (await service.channels.active(me, me.username, kenh)) return true;
    const branch = await branchAccountOf(ds, me.username);
    return !!branch && branch !== me.username && (await service.channels.active(me, branch, kenh));
  }
  async function assertChannelActive(me: Identity, kenh: string) {
    if (!(await channelActive(me, kenh))) throw new AppError('FORBIDDEN', MSG.inviteChannelInactive);
  }

  /**
   * Stores the carrier's answer — on the row its OTP request listed (`pendingId`), else as a new
   * row; a success also (i) writes cskh.care.invite-registered and (ii) pushes the notice to
   * everyone, both through the outbox in the same transaction.
   */
  async function store(
    me: Identity,
    type: string,
    phone: string,
    pkg: string,
    answer: CarrierRegistration,
    pendingId?: string | null,
  ): Promise<InvitationRow> {
    const ok = answer.resultCodeMO === REGISTER_SUCCESS;
    const outcome: CarrierOutcome = {
      package: (answer.packCode || pkg).toUpperCase(),
      price: Math.max(0, Math.round(Number(answer.packPrice) || 0)),
      request_type: answer.requestType === 'GIAHAN' ? 'GIAHAN' : 'DK',
      result_code: answer.resultCodeMO || 'UNKNOWN',
      result_des_mo: answer.resultDesMO ?? '',
      result_des_mt: answer.resultDesMt ?? '',
    };
    const status = INVITE_CHANNELS[type].otp ? TRANSACTION_STATUS.confirmed : TRANSACTION_STATUS.commanded;
    const row = await ds.transaction(async (em: EntityManager) => {
      const completed = pendingId ? await completeInvitation(em, pendingId, outcome, status) : undefined;
      const r =
        completed ??
        (await insertInvitation(em, {
          type,
          phone,
          phone9: last9(phone),
          ...outcome,
          username: me.username,
          fullname: me.fullname ?? '',
          created_at: service.now(),
          status,
        }));
      if (ok) {
        const event = events_v1_care.InviteRegistered.fromPartial({
          event_id: randomUUID(),
          invitation_id: r.id,
          staff: r.username,
          staff_fullname: r.fullname,
          phone: r.phone,
          package: r.package,
          price: Number(r.price),
          channel: r.type,
          request_type: r.request_type,
          registered_at: vnDateTime(r.created_at),
        });
        await outbox.add(em, INVITE_REGISTERED_TOPIC, last9(r.phone), events_v1_care.InviteRegistered.encode(event).finish());
        const eventId = randomUUID();
        const message = registrationNotice({ fullname: r.fullname, username: r.username }, r.package, r.phone);
        await addPushToOutbox(
          em,
          schema,
          ALL_ROOM,
          events_v1_pushes.Notice,
          noticePayload({ title: 'Mời gói thành công', message, level: 'success', from: 'care' }, eventId),
          {
            eventId,
            from: me.username,
          },
        );
      }
      return r;
    });
    outbox.afterCommit();
    return row;
  }

  return {
    async listInviteTabs(_req, ctx) {
      const me = ctx.user;
      const types: string[] = [];
      for (const type of inviteTabCandidates(me.permissions)) {
        // Auth unreachable: the code tabs stay hidden for now rather than failing the whole page.
        if (INVITE_CHANNELS[type]?.otp && !(await channelActive(me, type).catch(() => false))) continue;
        types.push(type);
      }
      return { types };
    },

    async invite(req, ctx) {
      const me = ctx.user;
      const s = inviteStep(req);
      if (!mayUseChannel(s.type, me.permissions)) throw new AppError('FORBIDDEN', MSG.inviteForbidden);
      if (INVITE_CHANNELS[s.type].otp) await assertChannelActive(me, s.type);
      // Blacklisted numbers are not invited (OTP request and direct registration; contract with dataops).
      if ((s.step === 'otp' || s.step === 'register') && (await service.blacklist.blocked([s.phone])).size > 0)
        throw new AppError('VALIDATION', MSG.blacklisted);
      if (s.step === 'otp') {
        const r = await service.carrier.requestOtp({ type: s.type, phone: s.phone, package: s.package });
        await ds.transaction(async (em: EntityManager) => {
          // Listed at once, waiting for its confirmation (the history's transaction status).
          const pending = await insertInvitation(em, {
            type: s.type,
            phone: s.phone,
            phone9: last9(s.phone),
            package: s.package,
            price: 0,
            request_type: 'DK',
            result_code: RESULT_PENDING,
            result_des_mo: '',
            result_des_mt: '',
            username: me.username,
            fullname: me.fullname ?? '',
            created_at: service.now(),
            status: TRANSACTION_STATUS.otpSent,
          });
          // Whoever asked for the code is the one who may confirm it (otpConfirmRefusal).
          for (const transId of TRANS_ID_FIELDS.map((f) => (r[f] ?? '').trim()).filter(Boolean))
            await rememberOtpTransaction(em, {
              transId,
              username: me.username,
              type: s.type,
              phone9: last9(s.phone),
              invitationId: pending.id,
            });
        });
        return {
          transIdGetOtp: r.transIdGetOtp ?? '',
          transactionNo: r.transactionNo ?? '',
          orderCode: r.orderCode ?? '',
          msg: MSG.otpSent,
        };
      }
      let pendingId: string | null = null;
      if (s.step === 'confirm') {
        const asked = await otpTransaction(ds.manager, s.transId.value);
        const refusal = otpConfirmRefusal(asked, me, s);
        if (refusal) throw new AppError('FORBIDDEN', refusal);
        pendingId = asked?.invitation_id ?? null;
      }
      let answer: CarrierRegistration;
      try {
        answer =
          s.step === 'confirm'
            ? await service.carrier.confirm({
                type: s.type,
                phone: s.phone,
                package: s.package,
                otp: s.otp,
                [s.transId.field]: s.transId.value,
              })
            : await service.carrier.register({ type: s.type, phone: s.phone, package: s.package, command: s.command });
      } catch (err) {
        // The carrier's refusal of a code (a wrong one…) shows on the waiting row, which stays open.
        if (pendingId && err instanceof AppError && err.code === 'PRECONDITION')
          await noteInvitationRefusal(ds.manager, pendingId, err.message);
        throw err;
      }
      const row = await store(me, s.type, s.phone, s.package, answer, pendingId);
      const invitation = presentInvitation(row);
      if (row.result_code !== REGISTER_SUCCESS) throw new AppError('PRECONDITION', row.result_des_mo || MSG.registerFailed);
      return {
        invitation,
        msg: s.step === 'confirm' ? MSG.otpConfirmed : MSG.registered,
        transIdGetOtp: '',
        transactionNo: '',
        orderCode: '',
      };
    },

    async listInvitations(req, ctx) {
      const me = ctx.user;
      const type = (req.type ?? '').trim();
      if (type && !INVITE_CHANNELS[type]) throw new AppError('VALIDATION', MSG.inviteTypeInvalid);
      const paging = toPaging(req.page, req.count, 10);
      const period = req.startDate || req.endDate ? { startDate: req.startDate, endDate: req.endDate } : monthToDate(service.now());
      const range = dayRange(period.startDate, period.endDate);
      const phone = (req.phone ?? '').replace(/\D/g, '').slice(-9);
      const where = new Where();
      // Renewal and direct registration share the 9332 history table (spec 2 §2.1).
      if (type === '9332' || type === 'dk') where.add(`type IN ('9332', 'dk')`);
      else where.addIf(type, 'type = ?');
      where.addIf(range.from, 'created_at >= ?').addIf(range.to, 'created_at < ?');
      if (phone) where.add(...maskedEndsWith('phone9', phone, me.priority));
      staff.rowsInScope(where, ctx, 'username');
      const page = await pageInvitations(ds, where, paging);
      return { values: page.rows.map(presentInvitation), count: page.count };
    },
  };
}

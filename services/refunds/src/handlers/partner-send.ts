import { Identity } from '@cskh/kit';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { presentRequest, RequestRow } from '../domain/present';
import { isTopUp, noticeText, STATUS } from '../domain/requests';
import { CHANNEL, isChannel, NO_API } from '../domain/settings';
import { answerStatus, callPartner } from '../clients/partner';
import { settleNewRequests } from '../store/settlement';
import { saveNewRequests } from './new-requests';
import { lockRequest, NewRequest, REQUEST_RESOURCE, updateRequest } from '../store/requests';
import { readSettings } from '../store/settings';

/**
 * The partner's side of a request: creations committed then sent to the channel's gateway, a
 * retry, and the notice each answer shows the caller.
 */
export function partnerSender(service: RefundsContext) {
  const { ds, audit, outbox, config } = service.deps;

  /** Channel and its display name, read once per creation. */
  const channelNow = async (em: EntityManager) => {
    const s = await readSettings(em);
    const channel = s.get(CHANNEL) ?? NO_API;
    return {
      settings: s,
      channel: isChannel(channel) && (channel === NO_API || service.gateways.has(channel)) ? channel : NO_API,
    };
  };

  /**
   * Calls the request's gateway (after the request is committed) and records its answer; with no
   * answer in time the request stays 'Đang xử lý' and may be sent again with the same key.
   */
  const sendToPartner = async (row: RequestRow, me: Identity): Promise<RequestRow> => {
    const base = service.gateways.get(row.kenh_doi_tac);
    if (!base || (row.partner_state !== 'pending' && row.partner_state !== 'unknown')) return row;
    const answer = await callPartner(
      base,
      {
        requestId: row.id,
        phone: row.number_phone,
        amount: isTopUp(row.request_type) ? Number(row.refund_price) : Number(row.refund_price) + Number(row.other_refund),
        kind: isTopUp(row.request_type) ? 'topup' : 'refund',
        package: row.package_code,
      },
      config.PARTNER_TIMEOUT_MS,
    );
    const updated = await ds.transaction(async (em) => {
      const now = await lockRequest(em, row.id);
      // Someone else recorded an answer (or set a status by hand) meanwhile: theirs stands.
      if (now.partner_state !== 'pending' && now.partner_state !== 'unknown') return now;
      if (answer.kind === 'unknown')
        return updateRequest(em, row.id, { partner_state: 'unknown', partner_attempts: now.partner_attempts + 1 });
      const key = answerStatus(answer.outcome);
      const next = await updateRequest(em, row.id, {
        partner_state: 'answered',
        partner_attempts: now.partner_attempts + 1,
        partner_message: answer.message,
        partner_status: answer.status,
        trang_thai_key: key,
        trang_thai_giao_dich_doi_tac: STATUS[key],
        ma_trang_thai_giao_dich_doi_tac: answer.code,
      });
      await audit.record(em, {
        resource: REQUEST_RESOURCE,
        id: row.id,
        who: me,
        changes: [{ field: 'trang_thai_giao_dich_doi_tac', from: now.trang_thai_giao_dich_doi_tac, to: next.trang_thai_giao_dich_doi_tac }],
      });
      return next;
    });
    return updated;
  };

  /** The partner's answer shown to the caller (the kit's reply step masks the customer's number in it as in the row). */
  const noticeOf = (r: RequestRow, settings: Map<string, string>): refunds_v1_refunds.Notice => {
    const channel = r.kenh_doi_tac;
    const answer =
      channel === NO_API
        ? RMSG.noApiNotice
        : r.partner_state === 'answered'
          ? r.partner_message || r.trang_thai_giao_dich_doi_tac
          : RMSG.partnerNoAnswer;
    const message = answer;
    const status = channel === NO_API ? 'Unknown' : r.partner_state === 'answered' ? r.partner_status : STATUS.dang_xu_ly;
    return {
      request_id: r.id,
      channel,
      message,
      status,
      text: noticeText({ channel, channelLabel: settings.get(channel), topUp: isTopUp(r.request_type), message, status }),
    };
  };

  const createAndSend = async (
    me: Identity,
    build: (em: EntityManager, settings: Map<string, string>, channel: string) => Promise<NewRequest[]>,
  ) => {
    let settings = new Map<string, string>();
    const saved = await ds.transaction(async (em) => {
      const now = await channelNow(em);
      settings = now.settings;
      // A top-up whose customer's transfer was approved already is settled at once.
      return settleNewRequests(em, service.deps, await saveNewRequests(service, em, me, await build(em, now.settings, now.channel)));
    });
    outbox.afterCommit();
    const sent: RequestRow[] = [];
    for (const r of saved) sent.push(await sendToPartner(r, me));
    return { values: sent.map((r) => presentRequest(r, me)), notices: sent.map((r) => noticeOf(r, settings)) };
  };

  return { sendToPartner, noticeOf, createAndSend };
}

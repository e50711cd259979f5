import { AppError, Identity } from '@cskh/kit';
import type { EntityManager } from 'typeorm';
import type { RefundsContext } from '../context';
import { discountedAmount, packageRefundAmount } from '../domain/discount';
import { MSG, RMSG } from '../domain/messages';
import type { RequestRow } from '../domain/present';
import { CREATE_METHODS, CREATE_TYPES, PREPAID, STATUS, TOP_UP } from '../domain/requests';
import { GATEWAY, GATEWAY_1, NO_API, RATE_POSTPAID, RATE_PREPAID, rateHundredths } from '../domain/settings';
import { priceByName } from '../store/prices';
import { addChangedEvent, insertRequest, NewRequest, REQUEST_RESOURCE, updateRequest } from '../store/requests';

/**
 * New requests as the dialogs and the import make them (spec 2 §4, §5): the rows of a package
 * refund and of a discount top-up with their amounts, their first status, and their saving.
 */

/** The new row of a package refund (types 1, 2, 4): the refund amount from the price list by method. */
export async function packageRefundRow(
  em: EntityManager,
  me: Identity,
  f: {
    ms: number;
    phone: string;
    numberType: number;
    pkg: string;
    type: number;
    method: number;
    otherRefund: number;
    reason: string;
    choLenDon: number;
  },
  channel: string,
): Promise<NewRequest> {
  if (!CREATE_TYPES.includes(f.type)) throw new AppError('VALIDATION', RMSG.typeInvalid);
  if (!CREATE_METHODS.includes(f.method)) throw new AppError('VALIDATION', RMSG.methodInvalid);
  const prices = await priceByName(em, f.pkg);
  if (!prices) throw new AppError('PRECONDITION', MSG.packageNotFound(f.pkg));
  return {
    staff_username: me.username,
    staff_fullname: me.fullname,
    number_phone: f.phone,
    number_type: f.numberType,
    package_code: prices.ten_goi_cuoc,
    request_type: f.type,
    request_method: f.method,
    refund_price: packageRefundAmount(prices, f.method),
    other_refund: f.otherRefund,
    other_reason: f.reason,
    ti_le_chiet_khau: 0,
    transfer_final_amount: 0,
    tien_hoan_sau_chiet_khau: null,
    ...initialStatus(channel),
    is_transfer: 0,
    millisecond_created_at: f.ms,
    cho_len_don: f.choLenDon,
    created_by: me.username,
  };
}

/** The new row of a discount top-up (type 5): the rate of the subscriber type, stored with the amounts. */
export function topUpRow(
  me: Identity,
  settings: Map<string, string>,
  f: { ms: number; phone: string; numberType: number; pkg: string; amount: number; choLenDon: number; isTransfer: number },
  channel: string,
): NewRequest {
  const rate = settings.get(f.numberType === PREPAID ? RATE_PREPAID : RATE_POSTPAID) ?? '0';
  const final = discountedAmount(f.amount, rateHundredths(rate));
  return {
    staff_username: me.username,
    staff_fullname: me.fullname,
    number_phone: f.phone,
    number_type: f.numberType,
    package_code: f.pkg,
    request_type: TOP_UP,
    request_method: 0,
    refund_price: f.amount,
    other_refund: 0,
    other_reason: '',
    ti_le_chiet_khau: Number(rate),
    transfer_final_amount: final,
    tien_hoan_sau_chiet_khau: final,
    ...initialStatus(channel),
    is_transfer: f.isTransfer === 1 ? 1 : 0,
    millisecond_created_at: f.ms,
    cho_len_don: f.choLenDon,
    created_by: me.username,
  };
}

/** Saves the new requests (once per dialog or import key), linked to each other, audited, with their events. */
export async function saveNewRequests(service: RefundsContext, em: EntityManager, me: Identity, rows: NewRequest[]): Promise<RequestRow[]> {
  const { audit, outbox } = service.deps;
  const saved: RequestRow[] = [];
  for (const r of rows) {
    const [row, created] = await insertRequest(em, r);
    if (created) {
      await audit.record(em, {
        resource: REQUEST_RESOURCE,
        id: row.id,
        who: me,
        changes: [{ field: 'created', from: null, to: row.request_type }],
      });
      await addChangedEvent(em, outbox, row, 'created', me.username);
    }
    saved.push(row);
  }
  if (saved.length === 2 && !saved[0].linked_id) {
    saved[0] = await updateRequest(em, saved[0].id, { linked_id: saved[1].id });
    saved[1] = await updateRequest(em, saved[1].id, { linked_id: saved[0].id });
  }
  return saved;
}

/** The status a new request starts with: no partner call, or waiting for the gateway's answer. */
export function initialStatus(
  channel: string,
): Pick<NewRequest, 'kenh_doi_tac' | 'trang_thai_key' | 'trang_thai_giao_dich_doi_tac' | 'partner_state'> {
  if (channel === GATEWAY || channel === GATEWAY_1)
    return {
      kenh_doi_tac: channel,
      trang_thai_key: 'dang_xu_ly',
      trang_thai_giao_dich_doi_tac: STATUS.dang_xu_ly,
      partner_state: 'pending',
    };
  return {
    kenh_doi_tac: NO_API,
    trang_thai_key: 'da_tao_don_khong_qua_api',
    trang_thai_giao_dich_doi_tac: STATUS.da_tao_don_khong_qua_api,
    partner_state: 'none',
  };
}

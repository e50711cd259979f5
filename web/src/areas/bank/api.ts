/**
 * Typed calls of the bank service (spec 1 §7 "Bank messages"). The server applies every rule
 * (who may process, edit, approve; masking; hidden columns; export ban) — these only carry them.
 */
import type { bank_v1_bank, common_v1_common } from '@cskh/proto';
import { api } from '../../api/client';

export type BankMessage = bank_v1_bank.BankMessage;
export type BankMessageList = bank_v1_bank.BankMessageList;
export type ImportReply = common_v1_common.ImportReply;

/** GET list endpoint (the generic list screen pages it) and the 200-row import endpoint. */
export const BANK_LIST = '/api/v1/mesbank';
export const BANK_IMPORT = '/api/v1/mesbank/import';
/** The caller's handed messages ('Tin nhắn được giao cho tôi'); `pending` = still waiting. */
export const BANK_ASSIGNED = '/api/v1/mesbank/assign';
/** Pushed to a person the moment messages are handed to them: { count, by, message }. */
export const ASSIGNED_EVENT = 'mesbank.assigned';

export type AssignableStaff = bank_v1_bank.AssignableStaff;
export type AssignReply = bank_v1_bank.AssignReply;

/** Channels of spec 1 §9. */
export const BANK_CHANNELS = ['Techcombank', 'VPBANK'] as const;

/** is_read (spec 1 §4). */
export const PROCESSING_OPTIONS = [
  { value: 0, label: 'Chưa xử lý' },
  { value: 1, label: 'Đã xử lý' },
];

export const bankApi = {
  /** Phone and/or package (a field left out is not changed). */
  update: (id: string, fields: { so_dien_thoai?: string; goi_cuoc?: string }) =>
    api.put<BankMessage>(`${BANK_LIST}/${encodeURIComponent(id)}`, fields),
  setProcessing: (id: string, is_read: number) =>
    api.put<BankMessage>(`${BANK_LIST}/setTrangThaiXuLy/${encodeURIComponent(id)}`, { is_read }),
  approve: (id: string) => api.get<BankMessage>(`${BANK_LIST}/approve/${encodeURIComponent(id)}`),
  deny: (id: string) => api.get<BankMessage>(`${BANK_LIST}/deny/${encodeURIComponent(id)}`),
  /** Unprocessed messages not handed to anyone yet. */
  countAssignable: () => api.get<{ total: number }>(`${BANK_LIST}/count-assign`).then((r) => Number(r.total) || 0),
  /** Whom the caller may hand messages to (their subtree, active). */
  assignableStaff: () => api.get<bank_v1_bank.AssignableStaffList>(`${BANK_LIST}/staff`).then((r) => r.values ?? []),
  assign: (items: Array<{ username: string; count: number }>) => api.post<AssignReply>(BANK_ASSIGNED, items),
  /** How many handed messages still wait for the caller. */
  pending: () => api.get<BankMessageList>(BANK_ASSIGNED, { page: 1, count: 1 }).then((r) => Number(r.pending) || 0),
};

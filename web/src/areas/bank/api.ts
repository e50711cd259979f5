/**
 * Typed calls of the bank service (spec 1 §7 "Bank messages"). The server applies every rule
 * (who may process, edit, approve; masking; hidden columns; export ban) — these only carry them.
 */
import type { bank_v1_bank, common_v1_common } from '@cskh/proto';
import { BankService } from '../../api/gen/routes';

export type BankMessage = bank_v1_bank.BankMessage;
export type BankMessageList = bank_v1_bank.BankMessageList;
export type ImportReply = common_v1_common.ImportReply;

/** GET list endpoint (the generic list screen pages it) and the 200-row import endpoint. */
export const BANK_LIST = BankService.listMessages.url();
export const BANK_IMPORT = BankService.importMessages;
/** The caller's handed messages ('Tin nhắn được giao cho tôi'); `pending` = still waiting. */
export const BANK_ASSIGNED = BankService.listAssigned.url();
/** A message's audit trail (the list's history dialog). */
export const bankHistory = (id: string) => BankService.messageHistory.url({ id });

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
  update: (id: string, fields: { so_dien_thoai?: string; goi_cuoc?: string }) => BankService.updateMessage({ id, ...fields }),
  setProcessing: (id: string, is_read: number) => BankService.setProcessing({ id, is_read }),
  approve: (id: string) => BankService.approve({ id }),
  deny: (id: string) => BankService.deny({ id }),
  /** Unprocessed messages not handed to anyone yet. */
  countAssignable: () => BankService.countAssignable().then((r) => Number(r.total) || 0),
  /** Whom the caller may hand messages to (their subtree, active). */
  assignableStaff: () => BankService.listAssignableStaff().then((r) => r.values ?? []),
  assign: (items: Array<{ username: string; count: number }>) => BankService.assign({ items }),
  /** How many handed messages still wait for the caller. */
  pending: () => BankService.listAssigned({ page: 1, count: 1 }).then((r) => Number(r.pending) || 0),
};

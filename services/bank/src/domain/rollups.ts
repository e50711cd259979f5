import type { Rollup } from '@cskh/kit';

/**
 * Per-day counters of the bank messages: the list's count and 'TỔNG CHUYỂN KHOẢN' / 'TỔNG ĐƠN
 * CHUYỂN' (spec 1 §2.8) for a period, a channel and a processing status, without reading the rows.
 */
export const BANK_MESSAGE_ROLLUPS: readonly Rollup[] = [
  { table: 'bank.bank_message_day', source: 'bank.bank_message', dayColumn: 'datetime', dims: ['sender', 'is_read'], sums: { total: 'money' } },
];

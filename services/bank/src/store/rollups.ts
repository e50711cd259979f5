import type { Rollup } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/**
 * Per-day counters of the bank messages: the list's count and 'TỔNG CHUYỂN KHOẢN' / 'TỔNG ĐƠN
 * CHUYỂN' (spec 1 §2.8) for a period, a channel and a processing status, without reading the rows.
 */
export const BANK_MESSAGE_ROLLUPS: readonly Rollup[] = [
  // The kit splits these names at the dot and quotes the schema itself: unquoted here.
  {
    table: `${SCHEMA}.bank_message_day`,
    source: `${SCHEMA}.bank_message`,
    dayColumn: 'datetime',
    dims: ['sender', 'is_read'],
    sums: { total: 'money' },
  },
];

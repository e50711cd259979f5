import type { HandOutRules } from '@cskh/kit/data';
import { RMSG } from './messages';

/**
 * Hand-out of refund requests (spec 2 §7 GET assign, GET count-assign, POST assign).
 * The spec lists the calls, not their meaning; our reading, as for the other handed-out lists: the
 * pool is every request no one was handed yet that still waits for a person — its partner status
 * is not final ('Hoàn thành', 'Hoàn tiền', 'Đơn bị từ chối'): created without the API (carried out by
 * hand), waiting for the gateway or for approval. Managers (priority below 3, who make every other
 * change of a request) hand it out, oldest first, to active staff; each then finds theirs in
 * `GET assign`. A request once handed leaves the pool.
 */
export const FINAL_STATUSES = ['hoan_thanh', 'hoan_tien', 'tu_choi'] as const;

/**
 * How the pool is handed out (kit planHandOut): every line names a person once (names compared
 * case-insensitively) with a whole count from 1 to 1000, to active staff.
 */
export const REFUND_HAND_OUT: HandOutRules = {
  emptyLine: 'refuse',
  repeated: 'refuse',
  maxPerPerson: 1000,
  msg: {
    nothing: RMSG.assignEmpty,
    countInvalid: RMSG.assignCountInvalid,
    noStaff: RMSG.assignNoStaff,
    twice: RMSG.assignTwice,
    unknown: RMSG.assignStaffInactive,
    locked: RMSG.assignStaffInactive,
    outOfScope: RMSG.assignStaffInactive,
  },
};

export interface AssignItem {
  username: string;
  count: number;
}

/** What the manager reads after a hand-out: the spec's success text, and what fell short. */
export function assignMessage(asked: readonly AssignItem[], got: readonly AssignItem[]): string {
  const total = got.reduce((s, i) => s + i.count, 0);
  if (total === 0) return RMSG.assignPoolEmpty;
  const short = asked.filter((a) => (got.find((g) => g.username === a.username)?.count ?? 0) < a.count);
  return short.length ? `${RMSG.assignDone} Đã giao ${total} yêu cầu, ít hơn số yêu cầu vì không còn yêu cầu chưa giao.` : RMSG.assignDone;
}

import { AppError } from '@cskh/kit';
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

/** At most this many requests to one person in one hand-out. */
export const MAX_PER_PERSON = 1000;

export interface AssignItem {
  username: string;
  count: number;
}

/** The hand-out list as sent: each username once, a whole count 1–1000 each, at least one line. */
export function checkAssignItems(items: ReadonlyArray<{ username?: string; count?: number }> | undefined): AssignItem[] {
  const list = items ?? [];
  if (list.length === 0) throw new AppError('VALIDATION', RMSG.assignEmpty);
  const seen = new Set<string>();
  return list.map((i) => {
    const username = String(i.username ?? '').trim();
    if (!username) throw new AppError('VALIDATION', RMSG.assignNoStaff);
    const count = Number(i.count);
    if (!Number.isInteger(count) || count < 1 || count > MAX_PER_PERSON) throw new AppError('VALIDATION', RMSG.assignCountInvalid);
    const key = username.toLowerCase();
    if (seen.has(key)) throw new AppError('VALIDATION', RMSG.assignTwice(username));
    seen.add(key);
    return { username, count };
  });
}

/** What the manager reads after a hand-out: the spec's success text, and what fell short. */
export function assignMessage(asked: readonly AssignItem[], got: readonly AssignItem[]): string {
  const total = got.reduce((s, i) => s + i.count, 0);
  if (total === 0) return RMSG.assignPoolEmpty;
  const short = asked.filter((a) => (got.find((g) => g.username === a.username)?.count ?? 0) < a.count);
  return short.length ? `${RMSG.assignDone} Đã giao ${total} yêu cầu, ít hơn số yêu cầu vì không còn yêu cầu chưa giao.` : RMSG.assignDone;
}

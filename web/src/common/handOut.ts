/**
 * "Hand out N from a pool" as the dialog sends it (common/HandOutDialog.tsx): the manager's lines
 * (a person, a count) as the request's items. The server decides the rest (services/kit/src/data/
 * hand-out.ts: repeated names, bounds, who may receive); this only says what is plainly missing.
 */

/** One line of the dialog as typed: the chosen username ('' none) and the count's digits. */
export interface HandOutLine {
  username: string;
  count: string;
}

export interface HandOutItem {
  username: string;
  count: number;
}

/** What the server answers a hand-out: how many in all, what each got, its message. */
export interface HandOutReply {
  assigned: number;
  items: HandOutItem[];
  msg: string;
}

export const NOTHING_CHOSEN = 'Bạn chưa chọn nhân viên và số lượng cần phân chia';
export const COUNT_INVALID = 'Số lượng phân chia phải là số nguyên lớn hơn 0';

export const emptyLine = (): HandOutLine => ({ username: '', count: '' });

/** The lines naming someone with a count, as the request's items; or what the manager must fix. */
export function handOutItems(lines: readonly HandOutLine[]): HandOutItem[] | string {
  const items = lines.filter((l) => l.username && l.count.trim()).map((l) => ({ username: l.username, count: Number(l.count.trim()) }));
  if (items.length === 0) return NOTHING_CHOSEN;
  if (items.some((i) => !Number.isInteger(i.count) || i.count <= 0)) return COUNT_INVALID;
  return items;
}

/** 'nv1: 2, nv2: 1': what each got, as a toast says it. */
export const eachGot = (reply: Pick<HandOutReply, 'items'>) => reply.items.map((i) => `${i.username}: ${i.count}`).join(', ');

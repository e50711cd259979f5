/** What the order lists' handlers share: their type, and how they refuse a request. */
import { AppError, Identity, isManager } from '@cskh/kit';
import type { Handlers } from '@cskh/kit/server';
import type { orders_v1_orders } from '@cskh/proto';
import { isError } from '../domain/order-input';
import { OrderKind, orderKindOf } from '../domain/statuses';
import { MSG } from '../domain/messages';

/** The calls of the order lists (a call of one list only is routed for that list alone). */
export type OrderHandlers = Handlers<typeof orders_v1_orders.OrderServiceService>;

export const refuse = (code: 'VALIDATION' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT', msg: string): never => {
  throw new AppError(code, msg);
};
/** A parsed value, or VALIDATION with its message. */
export const valid = <T>(v: T | { error: string }): T => (isError(v) ? refuse('VALIDATION', v.error) : (v as T));
export const requireManager = (me: Identity) => void (isManager(me.priority) || refuse('FORBIDDEN', MSG.managersOnly));

/**
 * One bound set of handlers for the twin lists (mfy, 9279): every call goes to the rules of the
 * list its request names in `kind`, which the route called fixes (option `set`), never the caller.
 */
export function byKind<H extends object>(lists: Record<OrderKind, H>): H {
  type Call = (req: { kind?: string }, ctx: unknown) => unknown;
  const out: Record<string, Call> = {};
  for (const name of Object.keys(lists.mfy)) {
    out[name] = (req, ctx) => {
      const kind = orderKindOf(req.kind) ?? refuse('VALIDATION', MSG.unknownList);
      return (lists[kind] as Record<string, Call>)[name](req, ctx);
    };
  }
  return out as H;
}

/** What the order lists' handlers share: their type, and how they refuse a request. */
import { AppError, Identity, isManager } from '@cskh/kit';
import type { Handlers } from '@cskh/kit/server';
import type { orders_v1_orders } from '@cskh/proto';
import { isError } from '../domain/order-input';
import { MSG } from '../domain/messages';

type MfyDef = typeof orders_v1_orders.MfyOrderServiceService;
type R9279Def = typeof orders_v1_orders.Reg9279OrderServiceService;
/** The handlers of both lists (the 9279 one has a few more RPCs, the mfy one two money edits). */
export type OrderHandlers = Handlers<MfyDef> & Omit<Handlers<R9279Def>, 'nhacNhanVien' | 'updateDoanhThu' | 'updateTiLeDoanhThuTinhLuong'>;
/** The mfy list's own calls (its reminders and two money edits). */
export type MfyOnlyHandlers = Pick<Handlers<MfyDef>, 'nhacNhanVien' | 'updateDoanhThu' | 'updateTiLeDoanhThuTinhLuong'>;

export const refuse = (code: 'VALIDATION' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT', msg: string): never => {
  throw new AppError(code, msg);
};
/** A parsed value, or VALIDATION with its message. */
export const valid = <T>(v: T | { error: string }): T => (isError(v) ? refuse('VALIDATION', v.error) : (v as T));
export const requireManager = (me: Identity) => void (isManager(me.priority) || refuse('FORBIDDEN', MSG.managersOnly));

import { AppError, barredFromService, Identity } from '@cskh/kit';
import { MSG } from './messages';

/** Usernames starting with HNIMB get neither the refund screens nor their calls (spec 2 §2; the kit's rule, also applied by the gateway). */
export const isHnimb = (username: string) => barredFromService({ username }, 'refunds') !== undefined;

export function refuseHnimb(me: Pick<Identity, 'username'>): void {
  if (isHnimb(me.username)) throw new AppError('FORBIDDEN', MSG.hnimbForbidden);
}

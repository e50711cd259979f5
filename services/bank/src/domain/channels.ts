import { AppError } from '@cskh/kit';
import { MSG } from './messages';

/** The bank channels of spec 1 §9, as the list filter and the answers spell them. */
export const CHANNELS = ['Techcombank', 'VPBANK'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The VPBank sheet import fixes the channel (spec 1 §5). */
export const IMPORT_CHANNEL: Channel = 'VPBANK';

/** A channel as sent (any case, surrounding spaces) → its canonical spelling, or undefined. */
export function channelOf(s: unknown): Channel | undefined {
  const v = String(s ?? '')
    .trim()
    .toLowerCase();
  return CHANNELS.find((c) => c.toLowerCase() === v);
}

/** The list's channel filter: blank = both; anything else must name a channel. */
export function channelFilter(s: unknown): Channel | undefined {
  if (String(s ?? '').trim() === '') return undefined;
  const c = channelOf(s);
  if (!c) throw new AppError('VALIDATION', MSG.senderInvalid);
  return c;
}

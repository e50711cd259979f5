import { AppError, hasAnyPermission, Identity, isManager } from '@cskh/kit';
import { MSG } from './messages';
import { rateHundredthsOf } from './discount-math';

/**
 * The settings of spec 2 §3 with what each value may be. The discount rates are percent (0–100,
 * two decimals at most, stored as written with a dot); kenh_hoan_tien is one of three channels;
 * cong_nap_the / cong_nap_the_1 hold the name shown in "[Thông báo từ '…']" (their addresses are
 * deployment configuration, not settings).
 */
export const RATE_PREPAID = 'ti_le_chiet_khau';
export const RATE_POSTPAID = 'ti_le_chiet_khau_tra_sau';
export const CHANNEL = 'kenh_hoan_tien';
export const GATEWAY = 'cong_nap_the';
export const GATEWAY_1 = 'cong_nap_the_1';
export const NO_API = 'khong_qua_api';

export const CHANNELS = [NO_API, GATEWAY, GATEWAY_1] as const;
export type Channel = (typeof CHANNELS)[number];
export const SETTING_KEYS = [RATE_PREPAID, RATE_POSTPAID, GATEWAY, GATEWAY_1, CHANNEL] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Values of a fresh installation (the embedded run's channel: no partner call). */
export const DEFAULT_SETTINGS: Record<SettingKey, string> = {
  [RATE_PREPAID]: '0',
  [RATE_POSTPAID]: '0',
  [GATEWAY]: 'Cổng nạp thẻ',
  [GATEWAY_1]: 'Cổng nạp thẻ 1',
  [CHANNEL]: NO_API,
};

export function checkKey(key: unknown): SettingKey {
  const k = String(key ?? '').trim();
  if (!(SETTING_KEYS as readonly string[]).includes(k)) throw new AppError('VALIDATION', MSG.settingUnknown);
  return k as SettingKey;
}

/** A percentage as typed ("3", "3.5", "3,5") → its stored text, or VALIDATION. */
export function parseRate(v: unknown): string {
  const s = String(v ?? '')
    .trim()
    .replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) throw new AppError('VALIDATION', MSG.rateInvalid);
  const n = Number(s);
  if (n > 100) throw new AppError('VALIDATION', MSG.rateInvalid);
  return String(n);
}

/** A stored rate → hundredths of a percent (integer maths; 3.5 % → 350). */
export const rateHundredths = (stored: string) => rateHundredthsOf(stored) ?? Math.round(Number(stored) * 100);

export const isChannel = (v: string): v is Channel => (CHANNELS as readonly string[]).includes(v);

/** The stored value of a setting after the checks of its key; `configured` says which gateways have an address. */
export function checkSettingValue(key: SettingKey, value: unknown, configured: ReadonlySet<string>): string {
  const v = String(value ?? '').trim();
  switch (key) {
    case RATE_PREPAID:
    case RATE_POSTPAID:
      return parseRate(v);
    case CHANNEL:
      if (!v) throw new AppError('VALIDATION', MSG.channelRequired);
      if (!isChannel(v)) throw new AppError('VALIDATION', MSG.channelInvalid);
      if (v !== NO_API && !configured.has(v)) throw new AppError('PRECONDITION', MSG.channelNotConfigured(v));
      return v;
    default:
      if (!v || v.length > 100) throw new AppError('VALIDATION', MSG.labelInvalid);
      return v;
  }
}

/** Who may change a key: the channel with requestrefund.doi-kenh-hoan-tien (spec 2 §6), the rest priority below 3. */
export function checkMayChange(me: Pick<Identity, 'priority' | 'permissions'>, key: SettingKey): void {
  if (key === CHANNEL) {
    if (!hasAnyPermission(me, ['requestrefund.doi-kenh-hoan-tien'])) throw new AppError('FORBIDDEN', MSG.channelForbidden);
    return;
  }
  if (!isManager(me.priority)) throw new AppError('FORBIDDEN', MSG.settingForbidden);
}

import { AppError, last9 } from '@cskh/kit';
import { MSG } from '../domain/messages';

/** The carrier's answer to a confirm or register call (spec 2 §3 "Invitation or transaction record"). */
export interface CarrierRegistration {
  msisdn: string;
  packCode: string;
  packPrice: number;
  requestType: string;
  resultCodeMO: string;
  resultDesMO: string;
  resultDesMt: string;
}

/** The carrier's invitation calls (services/carrier-sim README: POST /api/v1/invite/otp|confirm|register). */
export interface InviteCarrier {
  requestOtp(body: { type: string; phone: string; package: string }): Promise<Record<string, string>>;
  confirm(body: Record<string, string>): Promise<CarrierRegistration>;
  register(body: { type: string; phone: string; package: string; command: string }): Promise<CarrierRegistration>;
  /** The subscriber's main account balance (tkc, đồng); null when the carrier does not answer. */
  balance(phone: string): Promise<number | null>;
}

/**
 * Over HTTP with Basic auth and a timeout. The carrier's refusals (4xx) become 422 with its own
 * Vietnamese message (shown as the toast, spec 2 §8); no answer, 5xx or no carrier configured → 503.
 */
export function httpInviteCarrier(cfg: {
  CARRIER_URL?: string;
  CARRIER_USERNAME?: string;
  CARRIER_PASSWORD?: string;
  CARRIER_TIMEOUT_MS: number;
}): InviteCarrier {
  const call = async <T>(path: string, body: unknown): Promise<T> => {
    if (!cfg.CARRIER_URL) throw new AppError('UNAVAILABLE', MSG.inviteCarrierUnavailable);
    let res: Response;
    try {
      res = await fetch(`${cfg.CARRIER_URL.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${cfg.CARRIER_USERNAME ?? ''}:${cfg.CARRIER_PASSWORD ?? ''}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.CARRIER_TIMEOUT_MS),
      });
    } catch {
      throw new AppError('UNAVAILABLE', MSG.inviteCarrierUnavailable);
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: string };
    if (res.status >= 400 && res.status < 500 && res.status !== 401) throw new AppError('PRECONDITION', json.error || MSG.registerFailed);
    if (!res.ok) throw new AppError('UNAVAILABLE', MSG.inviteCarrierUnavailable);
    return json;
  };
  return {
    requestOtp: (body) => call('/api/v1/invite/otp', body),
    confirm: (body) => call('/api/v1/invite/confirm', body),
    register: (body) => call('/api/v1/invite/register', body),
    async balance(phone) {
      if (!cfg.CARRIER_URL) return null;
      try {
        const res = await fetch(`${cfg.CARRIER_URL.replace(/\/$/, '')}/api/v1/subscribers/84${last9(phone)}/balance`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${cfg.CARRIER_USERNAME ?? ''}:${cfg.CARRIER_PASSWORD ?? ''}`).toString('base64')}`,
          },
          signal: AbortSignal.timeout(cfg.CARRIER_TIMEOUT_MS),
        });
        if (!res.ok) return null;
        const n = Number(((await res.json()) as { PHONE_BALANCE?: unknown }).PHONE_BALANCE);
        return Number.isFinite(n) ? Math.round(n) : null;
      } catch {
        return null;
      }
    },
  };
}

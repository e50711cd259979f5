import { AppError, last9 } from '@cskh/kit';
import { MSG } from '../domain/messages';

/**
 * The carrier's program-eligibility lookup behind 'Tra ĐTCT' (spec 3 §2.15, §7.8 traCuuDoiTuong):
 * the carrier (its simulator in development and tests) answers which packages a subscriber may
 * register — the programs they are eligible for.
 */
export interface EligibilityLookup {
  lookup(phone: string): Promise<{ result: string; mes: string }>;
}

export function carrierEligibility(
  cfg: { CARRIER_URL?: string; CARRIER_USERNAME?: string; CARRIER_PASSWORD?: string },
  timeoutMs = 10_000,
): EligibilityLookup {
  return {
    async lookup(phone) {
      const isdn = last9(phone);
      if (isdn.length !== 9) throw new AppError('VALIDATION', MSG.phoneInvalid);
      if (!cfg.CARRIER_URL) throw new AppError('UNAVAILABLE');
      const auth = `Basic ${Buffer.from(`${cfg.CARRIER_USERNAME ?? ''}:${cfg.CARRIER_PASSWORD ?? ''}`).toString('base64')}`;
      const res = await fetch(`${cfg.CARRIER_URL.replace(/\/$/, '')}/api/v1/subscribers/${isdn}/packages`, {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(timeoutMs),
      }).catch(() => {
        throw new AppError('UNAVAILABLE');
      });
      if (!res.ok) return { result: 'error', mes: MSG.lookupUnknown };
      const body = (await res.json().catch(() => null)) as { FinalDataList?: Array<{ PackageCode?: string }> } | null;
      const codes = [...new Set((body?.FinalDataList ?? []).map((p) => p.PackageCode).filter(Boolean))];
      return {
        result: 'success',
        mes: codes.length
          ? `Thuê bao 0${isdn} thuộc đối tượng chương trình: ${codes.join(', ')}`
          : `Thuê bao 0${isdn} không thuộc đối tượng chương trình nào`,
      };
    },
  };
}

import { last9 } from '@cskh/kit';
import type { DataopsConfig } from '../config';
import { refusedResult, resultFromHistory, resultFromPackages, ScanKind, ScanResultColumns } from '../domain/scan';

/** A carrier answer that will not change on retry (the number is refused) vs. one worth retrying. */
export class CarrierRefused extends Error {}
export class CarrierUnavailable extends Error {}

/** What the scan worker asks the carrier about one number. */
export interface ScanCarrier {
  scan(kind: ScanKind, phone: string): Promise<ScanResultColumns>;
}

/**
 * The carrier's subscriber API (services/carrier-sim): `history` gives the current package, cycle
 * and free cycles (quetdata, quetdatakhonggoi); `packages` the program eligibility (quetdtct).
 * Basic auth and a deadline on every call; a 4xx other than 401/429 refuses the number.
 */
export function httpScanCarrier(
  cfg: Pick<DataopsConfig, 'CARRIER_URL' | 'CARRIER_USERNAME' | 'CARRIER_PASSWORD' | 'CARRIER_TIMEOUT_MS'>,
): ScanCarrier {
  const auth = `Basic ${Buffer.from(`${cfg.CARRIER_USERNAME ?? ''}:${cfg.CARRIER_PASSWORD ?? ''}`).toString('base64')}`;
  const get = async (path: string): Promise<unknown> => {
    if (!cfg.CARRIER_URL) throw new CarrierUnavailable('carrier not configured');
    let res: Response;
    try {
      res = await fetch(`${cfg.CARRIER_URL.replace(/\/$/, '')}${path}`, {
        headers: { authorization: auth, accept: 'application/json' },
        signal: AbortSignal.timeout(cfg.CARRIER_TIMEOUT_MS),
      });
    } catch (err) {
      throw new CarrierUnavailable((err as Error)?.name ?? 'fetch failed');
    }
    const body = (await res.json().catch(() => undefined)) as { error?: string } | undefined;
    if (res.ok && body !== undefined) return body;
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429)
      throw new CarrierRefused(typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`);
    throw new CarrierUnavailable(`HTTP ${res.status}`);
  };
  return {
    async scan(kind, phone) {
      const isdn = `84${last9(phone)}`;
      try {
        if (kind === 'quetdtct') return resultFromPackages(await get(`/api/v1/subscribers/${isdn}/packages`));
        return resultFromHistory(kind, await get(`/api/v1/subscribers/${isdn}/history`));
      } catch (err) {
        if (err instanceof CarrierRefused) return refusedResult(err.message);
        throw err;
      }
    },
  };
}

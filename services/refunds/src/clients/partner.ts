/**
 * The card gateways' API (cong_nap_the, cong_nap_the_1), served behind the carrier connection (the
 * carrier simulator's src/partner.ts in dev), called with a deadline and an idempotency key per
 * request (the request id), so a call sent again after a lost answer tops up once. The contract:
 *
 *   POST {carrier}/api/v1/partner/{gateway}/topup   Idempotency-Key: <request id>, Basic auth
 *   { request_id, phone, amount, kind: 'refund' | 'topup', package }
 *   → 200 { status: 'SUCCESS' | 'PENDING', code, message }
 *   → 4xx { status: 'REFUSED', code, message }   (the partner's refusal: nothing paid)
 *
 * Anything else — timeout, connection error, 5xx, another 4xx (bad credentials, wrong address),
 * an unreadable answer — is "no answer": the outcome is unknown, the request stays 'Đang xử lý'
 * and may be sent again once the cause is fixed.
 */
export interface PartnerEndpoint {
  url: string;
  /** Basic credentials of the carrier connection, when it has them. */
  authorization?: string;
}

export function gatewayEndpoint(carrierUrl: string, gateway: string, username?: string, password?: string): PartnerEndpoint {
  const base = carrierUrl.endsWith('/') ? carrierUrl : `${carrierUrl}/`;
  return {
    url: new URL(`api/v1/partner/${encodeURIComponent(gateway)}/topup`, base).toString(),
    authorization: username ? `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}` : undefined,
  };
}

export interface PartnerCall {
  requestId: string;
  phone: string;
  amount: number;
  kind: 'refund' | 'topup';
  package: string;
}

export type PartnerAnswer =
  | { kind: 'answered'; outcome: 'SUCCESS' | 'PENDING' | 'REFUSED'; code: number | null; message: string; status: string }
  | { kind: 'unknown'; reason: string };

export async function callPartner(endpoint: PartnerEndpoint, call: PartnerCall, timeoutMs: number): Promise<PartnerAnswer> {
  let res: Response;
  try {
    res = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': call.requestId,
        ...(endpoint.authorization ? { authorization: endpoint.authorization } : {}),
      },
      body: JSON.stringify({ request_id: call.requestId, phone: call.phone, amount: call.amount, kind: call.kind, package: call.package }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return { kind: 'unknown', reason: (err as Error)?.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
  let body: { status?: unknown; code?: unknown; message?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return { kind: 'unknown', reason: `unreadable ${res.status}` };
  }
  const message = typeof body.message === 'string' ? body.message.slice(0, 500) : '';
  const code = typeof body.code === 'number' && Number.isInteger(body.code) ? body.code : null;
  // Only the partner's own refusal is a decision; a 401/404 says nothing about the top-up.
  if (res.status >= 400 && res.status < 500 && body.status === 'REFUSED')
    return { kind: 'answered', outcome: 'REFUSED', code, message, status: 'REFUSED' };
  if (!res.ok) return { kind: 'unknown', reason: `http ${res.status}` };
  const outcome = body.status === 'SUCCESS' || body.status === 'PENDING' || body.status === 'REFUSED' ? body.status : null;
  if (!outcome) return { kind: 'unknown', reason: 'unknown status' };
  return { kind: 'answered', outcome, code, message, status: outcome };
}

/** Our status for a partner's answer (spec 2 §4 statuses). */
export const answerStatus = (outcome: 'SUCCESS' | 'PENDING' | 'REFUSED') =>
  outcome === 'SUCCESS' ? ('hoan_thanh' as const) : outcome === 'PENDING' ? ('da_nhan_cho_xu_ly' as const) : ('tu_choi' as const);

/**
 * The card gateways' API (cong_nap_the, cong_nap_the_1): external partners reached over HTTP with
 * a deadline and an idempotency key per request (the request id), so a call sent again after a
 * lost answer tops up once. The contract we hold them to:
 *
 *   POST {base}/topup   Idempotency-Key: <request id>
 *   { request_id, phone, amount, kind: 'refund' | 'topup', package }
 *   → 200 { status: 'SUCCESS' | 'PENDING' | 'REFUSED', code, message }   (4xx with a message = refused)
 *
 * Anything else — timeout, connection error, 5xx, an unreadable answer — is "no answer": the
 * outcome is unknown, the request stays 'Đang xử lý' and may be sent again.
 */
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

export async function callPartner(baseUrl: string, call: PartnerCall, timeoutMs: number): Promise<PartnerAnswer> {
  let res: Response;
  try {
    res = await fetch(new URL('topup', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': call.requestId },
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
  if (res.status >= 400 && res.status < 500) return { kind: 'answered', outcome: 'REFUSED', code, message, status: String(body.status ?? 'REFUSED') };
  if (!res.ok) return { kind: 'unknown', reason: `http ${res.status}` };
  const outcome = body.status === 'SUCCESS' || body.status === 'PENDING' || body.status === 'REFUSED' ? body.status : null;
  if (!outcome) return { kind: 'unknown', reason: 'unknown status' };
  return { kind: 'answered', outcome, code, message, status: outcome };
}

/** Our status for a partner's answer (spec 2 §4 statuses). */
export const answerStatus = (outcome: 'SUCCESS' | 'PENDING' | 'REFUSED') =>
  outcome === 'SUCCESS' ? ('hoan_thanh' as const) : outcome === 'PENDING' ? ('da_nhan_cho_xu_ly' as const) : ('tu_choi' as const);

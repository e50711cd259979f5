import { MSG } from '../domain/messages';
import { randomUUID } from 'node:crypto';
import { AppError } from '@cskh/kit';
import { Logger } from '@cskh/kit/observability';
import type { CarrierClient } from '../clients/carrier-client';
import type { LogWriter } from '../workers/log-writer';
import type { RateLimiter } from '../store/info-rate-limit';
import { KINDS, LookupKind, mayRun } from '../domain/kinds';
import { requireLookupPhone, with84, display0 } from '../domain/phone';
import { infoWindowMessage, parseDay, vnIsoDay, withinWindow, DAY_MS } from '../domain/time';
import * as R from '../domain/results';
import { logContent } from '../domain/log-content';

/** Who asks: from the gateway's metadata (REST) or from the Kafka event (socket). */
export interface Asker {
  username: string;
  fullname: string;
  priority: number;
  permissions: readonly string[];
}

export interface LookupOptions {
  via: 'api' | 'socket';
  /** Socket path: the request id (idempotent log row and rate-limit hit). */
  requestId?: string;
  now?: number;
}

export interface LookupOutcome {
  kind: LookupKind;
  /** Last 9 digits of the phone ('' when the request had no usable phone). */
  isdn: string;
  result: unknown;
}

export const START_DATE_REQUIRED = MSG.startDateRequired;
export const END_DATE_REQUIRED = MSG.endDateRequired;
export const END_BEFORE_START = MSG.endBeforeStart;
export const infoLimitMessage = (n: number) =>
  `Bạn đã tra cứu thông tin chi tiết thuê bao ${n} lần trong 1 giờ qua (tối đa ${n} lần/giờ). Vui lòng thử lại sau`;

/**
 * Every lookup of spec 1 §2.12, for both routes: permission → validation → detailed-info limits
 * → carrier (with its deadline) → result in the spec's shape → a lookup-log row written before
 * the answer leaves. Errors are AppErrors with the message the panel shows; a failed carrier
 * call is logged too.
 */
export class LookupEngine {
  constructor(
    private deps: {
      carrier: CarrierClient;
      logs: LogWriter;
      infoLimiter: RateLimiter;
      infoWindow: string;
      infoLimit: number;
      log: Logger;
    },
  ) {}

  async run(kind: LookupKind, params: Record<string, string | undefined>, who: Asker, opts: LookupOptions): Promise<LookupOutcome> {
    const spec = KINDS[kind];
    if (!mayRun(spec, who)) throw new AppError('FORBIDDEN');
    const isdn = requireLookupPhone(params.isdn ?? params.phone);
    const p: Record<string, string | undefined> = { ...params, isdn };
    const now = opts.now ?? Date.now();
    // Validation before anything is counted or logged.
    let range: { start: number; end: number } | undefined;
    if (kind === '9279' || kind === '999') range = this.range(kind, p, now);
    if (kind === 'info') {
      p.phoneType = (p.phoneType || p.type || 'MC').toUpperCase();
      if (p.phoneType !== 'MC' && p.phoneType !== 'MG') throw new AppError('VALIDATION', MSG.phoneTypeInvalid);
      if (!withinWindow(now, this.deps.infoWindow)) throw new AppError('PRECONDITION', infoWindowMessage(this.deps.infoWindow));
      const ok = await this.deps.infoLimiter.hit(who.username, opts.requestId ?? randomUUID(), now);
      if (!ok) throw new AppError('RATE_LIMITED', infoLimitMessage(this.deps.infoLimit));
    }
    if (kind === '999' && p.huong_ket_qua && !['I', 'O'].includes(p.huong_ket_qua.toUpperCase()))
      throw new AppError('VALIDATION', MSG.directionInvalid);

    let result: unknown;
    try {
      result = await this.call(kind, p, range);
    } catch (err) {
      const msg = err instanceof AppError ? err.msg : 'Lỗi hệ thống';
      await this.logRow(kind, p, who, opts, { ok: false, msg });
      throw err;
    }
    await this.logRow(kind, p, who, opts, { ok: true });
    return { kind, isdn, result };
  }

  private range(kind: '9279' | '999', p: Record<string, string | undefined>, now: number) {
    let start = parseDay(p.startDate, 'Ngày bắt đầu');
    let end = parseDay(p.endDate, 'Ngày kết thúc');
    if (kind === '9279') {
      if (start === undefined) throw new AppError('VALIDATION', START_DATE_REQUIRED);
      if (end === undefined) throw new AppError('VALIDATION', END_DATE_REQUIRED);
    } else {
      // Message centre: the last 30 days when no dates are given.
      end ??= parseDay(vnIsoDay(now))!;
      start ??= end - 29 * DAY_MS;
    }
    if (end < start) throw new AppError('VALIDATION', END_BEFORE_START);
    return { start, end };
  }

  private async call(kind: LookupKind, p: Record<string, string | undefined>, range?: { start: number; end: number }) {
    const c = this.deps.carrier;
    const sub = `/api/v1/subscribers/84${p.isdn}`;
    switch (kind) {
      case 'balance':
        return R.balanceResult(await c.get(`${sub}/balance`));
      case 'package':
        return R.packageResult(
          await c.get(`${sub}/packages`, { package_code: p.package_code?.trim(), page: Number(p.page) > 0 ? Number(p.page) : 1 }),
        );
      case 'info':
        return R.infoResult(await c.get(`${sub}/info`, { type: p.phoneType }));
      case 'history':
        return R.historyResult(await c.get(`${sub}/history`));
      case 'arpu':
        return R.arpuResult(await c.get(`${sub}/arpu`));
      case '9279':
        return R.h9279Result(
          await c.get('/api/v1/9279/history', { isdn: with84(p.isdn), startDate: vnIsoDay(range!.start), endDate: vnIsoDay(range!.end) }),
        );
      case '999':
        return R.messages999Result(
          await c.get('/api/v1/999/messages', {
            isdn: with84(p.isdn),
            direction: p.huong_ket_qua?.toUpperCase(),
            startDate: vnIsoDay(range!.start),
            endDate: vnIsoDay(range!.end),
            page: Number(p.page) > 0 ? Number(p.page) : 1,
            count: Number(p.count) > 0 ? Math.min(Number(p.count), 1000) : 20,
          }),
        );
    }
  }

  private logRow(
    kind: LookupKind,
    p: Record<string, string | undefined>,
    who: Asker,
    opts: LookupOptions,
    outcome: { ok: true } | { ok: false; msg: string },
  ) {
    return this.deps.logs.write({
      so_dien_thoai: display0(p.isdn),
      ten_tra_cuu: KINDS[kind].label,
      noi_dung: logContent(kind, p, opts.via, outcome),
      username: who.username,
      full_name: who.fullname,
      request_id: opts.requestId ?? null,
    });
  }
}

import { AppError } from '@cskh/kit';
import { createLogger } from '@cskh/kit/observability';
import { LookupEngine, Asker } from './lookup-engine';
import { MemoryRateLimiter } from '../store/info-rate-limit';
import type { CarrierClient } from '../clients/carrier-client';
import type { LogWriter, NewLogRow } from '../workers/log-writer';

/** The engine with a fake carrier and log: rules only, no I/O. */
function engine(opts: { fail?: AppError; limit?: number } = {}) {
  const calls: Array<{ path: string; query: Record<string, unknown> }> = [];
  const rows: NewLogRow[] = [];
  const carrier = {
    get: async (path: string, query: Record<string, unknown> = {}) => {
      calls.push({ path, query });
      if (opts.fail) throw opts.fail;
      return { NUMBER_PHONE: '84912345678', PHONE_BALANCE: '1000', values: [] };
    },
  } as unknown as CarrierClient;
  const logs = { write: async (r: NewLogRow) => void rows.push(r) } as unknown as LogWriter;
  const e = new LookupEngine({
    carrier,
    logs,
    infoLimiter: new MemoryRateLimiter(opts.limit ?? 60, 3600_000),
    infoWindow: '07:00-22:00',
    infoLimit: opts.limit ?? 60,
    log: createLogger('test', 'silent'),
  });
  return { e, calls, rows };
}

const who: Asker = {
  username: 'nv01',
  fullname: 'Nhân viên 01',
  priority: 4,
  permissions: ['lookup.balance', 'lookup.package', 'lookup.info'],
};
const at = (h: number) => Date.UTC(2025, 4, 10, h - 7, 30); // h:30 in Vietnam

describe('lookup engine rules', () => {
  it('uses the last 9 digits and logs the lookup with the caller', async () => {
    const { e, calls, rows } = engine();
    const out = await e.run('balance', { isdn: '+84 912-345-678' }, who, { via: 'api' });
    expect(out).toEqual({ kind: 'balance', isdn: '912345678', result: { NUMBER_PHONE: '84912345678', NUM_TYPE: '', PHONE_BALANCE: 1000 } });
    expect(calls[0].path).toBe('/api/v1/subscribers/84912345678/balance');
    expect(rows).toEqual([
      expect.objectContaining({
        so_dien_thoai: '0912345678',
        ten_tra_cuu: 'Tra cứu số dư tài khoản chính',
        username: 'nv01',
        full_name: 'Nhân viên 01',
        request_id: null,
      }),
    ]);
  });

  it('refuses before calling or logging anything: no phone, no permission, no dates', async () => {
    const { e, calls, rows } = engine();
    await expect(e.run('balance', { isdn: '' }, who, { via: 'api' })).rejects.toThrow('Bạn phải nhập số điện thoại');
    await expect(e.run('info', { isdn: '0912345678' }, { ...who, priority: 5 }, { via: 'api' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(e.run('9279', { isdn: '0912345678', endDate: '10/05/2025' }, who, { via: 'api' })).rejects.toThrow(
      'Bạn phải nhập ngày bắt đầu',
    );
    await expect(
      e.run('9279', { isdn: '0912345678', startDate: '10/05/2025', endDate: '01/05/2025' }, who, { via: 'api' }),
    ).rejects.toThrow('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu');
    expect(calls).toHaveLength(0);
    expect(rows).toHaveLength(0);
  });

  it('sends 9279 with the 84 prefix and the dates as Vietnam days', async () => {
    const { e, calls } = engine();
    await e.run('9279', { isdn: '0912345678', startDate: '01/05/2025', endDate: '10/05/2025' }, who, { via: 'socket', requestId: 'r1' });
    expect(calls[0]).toEqual({
      path: '/api/v1/9279/history',
      query: { isdn: '84912345678', startDate: '2025-05-01', endDate: '2025-05-10' },
    });
  });

  it('allows detailed info only from 07:00 to 22:00 Vietnam time', async () => {
    const { e } = engine();
    await expect(e.run('info', { isdn: '0912345678' }, who, { via: 'api', now: at(6) })).rejects.toMatchObject({
      code: 'PRECONDITION',
      message: 'Chỉ được tra cứu thông tin chi tiết thuê bao từ 07:00 đến 22:00',
    });
    await expect(e.run('info', { isdn: '0912345678' }, who, { via: 'api', now: at(22) })).rejects.toMatchObject({ code: 'PRECONDITION' });
    await expect(e.run('info', { isdn: '0912345678' }, who, { via: 'api', now: at(7) })).resolves.toBeDefined();
  });

  it('counts detailed info per user per rolling hour, a redelivered request once', async () => {
    const { e } = engine({ limit: 2 });
    await e.run('info', { isdn: '0912345678' }, who, { via: 'socket', requestId: 'a', now: at(9) });
    await e.run('info', { isdn: '0912345678' }, who, { via: 'socket', requestId: 'a', now: at(9) });
    await e.run('info', { isdn: '0912345678' }, who, { via: 'socket', requestId: 'b', now: at(9) });
    await expect(e.run('info', { isdn: '0912345678' }, who, { via: 'socket', requestId: 'c', now: at(9) })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('tối đa 2 lần/giờ'),
    });
    await expect(
      e.run('info', { isdn: '0912345678' }, { ...who, username: 'nv02' }, { via: 'socket', requestId: 'd', now: at(9) }),
    ).resolves.toBeDefined();
  });

  it('logs a failed carrier call with its error, and rethrows it', async () => {
    const { e, rows } = engine({ fail: new AppError('TIMEOUT', 'Hệ thống nhà mạng phản hồi quá lâu, vui lòng thử lại sau') });
    await expect(e.run('history', { isdn: '0912345678' }, who, { via: 'socket', requestId: 'x' })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(rows[0].noi_dung.split('\n').pop()).toBe('Kết quả: Lỗi - Hệ thống nhà mạng phản hồi quá lâu, vui lòng thử lại sau');
    expect(rows[0].request_id).toBe('x');
  });
});

import { mapPool, parseScanCommand, RateLimiter, resultFromHistory, resultFromPackages, startTransition, stopTransition } from './scan';
import { extractOtp } from './otp';
import { parsePhone } from './phone';

describe('scan commands and states', () => {
  it('reads the declared kinds', () => {
    expect(parseScanCommand('start:quetdata')).toEqual({ action: 'start', scanKind: 'quetdata' });
    expect(parseScanCommand('stop:quetdtct')).toEqual({ action: 'stop', scanKind: 'quetdtct' });
    expect(parseScanCommand('start:other')).toBe('Lệnh quét không hợp lệ');
  });
  it('start resumes idle, stopped and failed files; refuses empty and finished ones', () => {
    expect(startTransition({ state: 'idle', total: 3, scanned: 0 })).toBe('running');
    expect(startTransition({ state: 'stopped', total: 3, scanned: 2 })).toBe('running');
    expect(startTransition({ state: 'failed', total: 3, scanned: 1 })).toBe('running');
    expect(startTransition({ state: 'running', total: 3, scanned: 1 })).toBe('running');
    expect(startTransition({ state: 'idle', total: 0, scanned: 0 })).toBe('File chưa có số nào để quét');
    expect(startTransition({ state: 'done', total: 3, scanned: 3 })).toBe('File đã quét xong');
  });
  it('stop only stops a running file', () => {
    expect(stopTransition({ state: 'running' })).toBe('stopped');
    expect(stopTransition({ state: 'stopped' })).toBe('File không đang được quét');
  });
});

describe('scan results', () => {
  const history = {
    values: [
      {
        NumberType: 'MC',
        NumberCurrentPackage: 'MAX90',
        NumberPackageRegisterDate: '2026-10-01',
        NumberPackageRegisterExpire: '2026-10-31',
        CurrentCycle: 4,
        NumberFreeCycleLeft: 2,
        Status: 'ACTIVE',
      },
      { NumberCurrentPackage: 'OLD', Status: 'EXPIRED' },
    ],
  };
  it('quetdata keeps the current package, cycle and free cycles', () => {
    expect(resultFromHistory('quetdata', history)).toMatchObject({
      current_package: 'MAX90',
      current_cycle: 4,
      free_cycle_left: 2,
      number_status: 'ACTIVE',
      status: 'DA_QUET',
    });
  });
  it('quetdatakhonggoi has no free-cycle column', () => {
    expect(resultFromHistory('quetdatakhonggoi', history).free_cycle_left).toBe(0);
  });
  it('a number without packages says so', () => {
    expect(resultFromHistory('quetdata', { values: [] })).toMatchObject({ current_package: '', number_status: 'KHONG_CO_GOI' });
  });
  it('quetdtct lists the eligible programs once each', () => {
    expect(resultFromPackages({ FinalDataList: [{ PackageCode: 'A' }, { PackageCode: 'B' }, { PackageCode: 'A' }] })).toMatchObject({
      dtct: 'A,B',
      number_status: 'CO_DTCT',
    });
    expect(resultFromPackages({ FinalDataList: [] })).toMatchObject({ dtct: '', number_status: 'KHONG_DTCT' });
  });
});

describe('rate limiter (injected clock, no real waiting)', () => {
  it('spaces calls 1000/rate ms apart', async () => {
    let t = 1000;
    const waits: number[] = [];
    const rl = new RateLimiter(
      4,
      () => t,
      async (ms) => {
        waits.push(ms);
      },
    );
    for (let i = 0; i < 4; i++) await rl.take();
    expect(waits).toEqual([250, 500, 750]);
    t = 5000; // long after: no wait
    expect(await rl.take()).toBe(0);
  });
  it('0 = unbounded', async () => {
    const rl = new RateLimiter(
      0,
      () => 0,
      async () => {
        throw new Error('must not sleep');
      },
    );
    expect(await rl.take()).toBe(0);
  });
});

describe('mapPool', () => {
  it('keeps order and never exceeds the concurrency', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(peak).toBe(3);
  });
});

describe('phones and OTP', () => {
  it('phones as typed in a sheet', () => {
    expect(parsePhone('0912 345 678')).toEqual({ phone: '0912 345 678', phone9: '912345678' });
    expect(parsePhone('84912345678')).toEqual({ phone: '84912345678', phone9: '912345678' });
    expect(parsePhone('12345')).toBe('Số điện thoại không hợp lệ');
    expect(parsePhone('')).toBe('Thiếu số điện thoại');
  });
  it('reads the OTP from the message, never a phone in it', () => {
    expect(extractOtp('Ma xac thuc cua ban la 483920. Het han sau 5 phut')).toBe('483920');
    expect(extractOtp('So 0912345678 dung ma 1234')).toBe('1234');
    expect(extractOtp('khong co ma')).toBeUndefined();
  });
});

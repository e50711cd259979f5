import { arpuResult, carrierTimestamp, h9279Result, infoResult, messages999Result, packageResult } from './results';
import { logContent } from './log-content';

describe('result shapes', () => {
  it('keep exactly the spec fields, every one present', () => {
    expect(Object.keys(infoResult({ NUMBER_PHONE: '84912345678', extra: 1 }))).toEqual([
      'NUMBER_PHONE',
      'NUM_TYPE',
      'PHONE_BALANCE',
      'SIM_TYPE',
      'CURRENT_PACKAGE',
      'NUMBER_CONTRACT_DATE',
      'NUMBER_LIMIT',
      'NUMBER_LIMIT_F1',
      'NUMBER_TYPE',
      'PACKAGE_DATA',
    ]);
    expect(packageResult({ FinalDataList: [{ PackageCode: 'D120' }], PaginateNumber: '2' })).toEqual({
      FinalDataList: [{ PackageCode: 'D120', FromDate: '', ToDate: '', SyntaxRegister: '', RegisterExpire: '' }],
      PaginateNumber: 2,
    });
    expect(arpuResult({ ctkv: 'CTKV1', apru: [{ thang: '12/2024', tong: '150000', ngoai_tkc: 0 }] })).toEqual({
      ctkv: 'CTKV1',
      apru: [{ thang: '12/2024', tong: 150000, ngoai_tkc: 0 }],
    });
  });
});

describe('log content', () => {
  it('lists the parameters, the route and the outcome', () => {
    expect(logContent('info', { isdn: '912345678', phoneType: 'MG' }, 'socket', { ok: true })).toBe(
      'Số điện thoại: 0912345678\nLoại thuê bao: MG\nKênh: socket\nKết quả: Thành công',
    );
    expect(logContent('9279', { isdn: '912345678', startDate: '01/05/2025', endDate: '10/05/2025' }, 'api', { ok: false, msg: 'X' })).toBe(
      'Số điện thoại: 84912345678\nTừ ngày: 01/05/2025\nĐến ngày: 10/05/2025\nKênh: API\nKết quả: Lỗi - X',
    );
  });
});

describe('message lists, newest first by the full timestamp', () => {
  it('reads ISO-8601 with or without an offset (Vietnam time) and DD/MM/YYYY HH:mm:ss', () => {
    const at = Date.parse('2026-03-05T08:30:00+07:00');
    expect(carrierTimestamp('2026-03-05T08:30:00+07:00')).toBe(at);
    expect(carrierTimestamp('2026-03-05T01:30:00Z')).toBe(at);
    expect(carrierTimestamp('2026-03-05 08:30:00')).toBe(at);
    expect(carrierTimestamp('05/03/2026 08:30:00')).toBe(at);
    expect(carrierTimestamp('05/03/2026 08:30')).toBe(at);
    expect(carrierTimestamp('hôm qua')).toBeUndefined();
  });

  it('orders 999 messages of the same day by time, not only by day', () => {
    const page = messages999Result({
      values: [
        { ActionTime: '2026-03-04T21:00:00+07:00', SMSContent: 'a' },
        { ActionTime: '2026-03-05T07:10:00+07:00', SMSContent: 'b' },
        { ActionTime: '2026-03-05T19:45:00+07:00', SMSContent: 'c' },
        { ActionTime: '2026-03-05T09:05:00+07:00', SMSContent: 'd' },
      ],
      count: 40,
    });
    expect(page.values.map((m) => m.SMSContent)).toEqual(['c', 'd', 'b', 'a']);
    expect(page.count).toBe(40);
  });

  it('orders 9279 rows newest first across formats, unreadable times last in their order', () => {
    const r = h9279Result([
      { datetime: '04/03/2026 23:59:00', content: 'a' },
      { datetime: '', content: 'x' },
      { datetime: '2026-03-05T00:01:00+07:00', content: 'b' },
      { datetime: '2026-03-05T00:00:30+07:00', content: 'c' },
      { datetime: '?', content: 'y' },
    ]);
    expect(r.values.map((m) => m.content)).toEqual(['b', 'c', 'a', 'x', 'y']);
  });
});

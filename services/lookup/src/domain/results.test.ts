import { arpuResult, infoResult, packageResult } from './results';
import { logContent } from './log-content';

describe('result shapes', () => {
  it('keep exactly the spec fields, every one present', () => {
    expect(Object.keys(infoResult({ NUMBER_PHONE: '84912345678', extra: 1 }))).toEqual([
      'NUMBER_PHONE', 'NUM_TYPE', 'PHONE_BALANCE', 'SIM_TYPE', 'CURRENT_PACKAGE', 'NUMBER_CONTRACT_DATE',
      'NUMBER_LIMIT', 'NUMBER_LIMIT_F1', 'NUMBER_TYPE', 'PACKAGE_DATA',
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

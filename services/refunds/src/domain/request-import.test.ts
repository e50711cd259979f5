import { RMSG } from './messages';
import { parseImportRow } from './request-import';

const lookup = {
  importer: { username: 'ql1', fullname: 'Quản Lý' },
  staff: (u: string) => (u.toLowerCase() === 'nv1' ? { username: 'nv1', fullname: 'Nhân Viên' } : undefined),
  listedPackage: (p: string) => (p.toUpperCase() === 'MXH100' ? 'MXH100' : undefined),
};

describe('request import rows', () => {
  it('a package refund by labels: the named staff member, the listed package, the dialog method', () => {
    const r = parseImportRow(
      {
        staff_username: 'NV1',
        number_phone: '0912345678',
        number_type: 'MC',
        package_code: 'mxh100',
        request_type: 'Hoàn trước',
        request_method: 'G1',
        other_refund: 5000,
        other_reason: ' lý do ',
      },
      lookup,
    );
    expect(r).toEqual({
      staff: { username: 'nv1', fullname: 'Nhân Viên' },
      phone: '0912345678',
      numberType: 1,
      pkg: 'MXH100',
      type: 1,
      method: 10,
      amount: 0,
      otherRefund: 5000,
      reason: 'lý do',
    });
  });
  it('a top-up: postpaid in words, an amount and no method; the importer when no staff is named', () => {
    const r = parseImportRow(
      { number_phone: '0912345678', number_type: 'trả sau', package_code: 'ABC', request_type: 'Nạp tiền', refund_price: 100000 },
      lookup,
    );
    expect(r).toMatchObject({ staff: { username: 'ql1' }, numberType: 2, type: 5, method: 0, amount: 100000, pkg: 'ABC' });
  });
  it('refuses what the dialogs refuse, with the reason', () => {
    const base = {
      number_phone: '0912345678',
      number_type: 'MC',
      package_code: 'MXH100',
      request_type: 'Hoàn sau',
      request_method: 'Gia hạn',
    };
    const why = (over: object) => {
      try {
        parseImportRow({ ...base, ...over }, lookup);
        return '';
      } catch (e) {
        return (e as { msg: string }).msg;
      }
    };
    expect(why({})).toBe('');
    expect(why({ number_phone: '' })).toBe('Có trường bắt buộc chưa được nhập hoặc chưa được chọn');
    expect(why({ number_phone: '12ab' })).toBe(RMSG.phoneInvalid);
    expect(why({ number_type: 'XX' })).toBe(RMSG.importNumberType);
    expect(why({ request_type: 'Không hoàn' })).toBe(RMSG.importRequestType);
    expect(why({ request_method: 'T1' })).toBe(RMSG.importMethod);
    expect(why({ package_code: 'KHONGCO' })).toBe('Không tìm thấy giá hoàn tiền của gói cước KHONGCO');
    expect(why({ staff_username: 'ai_do' })).toBe(RMSG.assignStaffInactive('ai_do'));
    expect(why({ request_type: 'Nạp tiền', request_method: '' })).toBe(RMSG.importTopUpAmount);
    expect(why({ request_type: 'Nạp tiền', refund_price: 1000 })).toBe(RMSG.importMethodOnTopUp);
  });
});

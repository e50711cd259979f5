import type { StaffMember } from '@cskh/kit/data';
import { MSG } from './messages';
import { checkRecipient, planHandOut } from '@cskh/kit/data';
import { parseBaodoImportRow, parseKhrImportRow, RECORD_HAND_OUT, recordImportKey, staffCheck } from './record-import';

const member = (username: string, over: Partial<StaffMember> = {}): StaffMember => ({
  username,
  user_id: `id-${username}`,
  fullname: `Tên ${username}`,
  priority: 5,
  role_name: 'Nhân viên',
  brand_id: 'branch-1',
  group_id: 'lead-1',
  locked: false,
  deleted: false,
  ...over,
});
const members = new Map([
  ['nv1', member('nv1')],
  ['nv2', member('nv2', { brand_id: 'branch-2', group_id: 'lead-2' })],
  ['gone', member('gone', { deleted: true })],
  ['khoa', member('khoa', { locked: true })],
]);
const branch1 = { kind: 'branch' as const, userId: 'branch-1', username: 'cn1' };

describe('private customer and red report sheet rows', () => {
  const check = staffCheck(branch1, members);

  it('phone and success date required; staff optional (blank = the pool), else known and in the subtree', () => {
    expect(parseKhrImportRow({ so_dien_thoai: '912345678', ngay_thanh_cong: '05/03/2026' }, check)).toEqual({
      so_dien_thoai: '0912345678',
      ngay_thanh_cong: '2026-03-05',
      username_nv: '',
    });
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678', ngay_thanh_cong: '05/03/2026', username_nv: ' nv1 ' }, check)).toMatchObject({
      username_nv: 'nv1',
    });
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678', ngay_thanh_cong: '05/03/2026', username_nv: 'cn1' }, check)).toMatchObject({
      username_nv: 'cn1',
    });
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678' }, check)).toBe(MSG.required);
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678', ngay_thanh_cong: '31/02/2026' }, check)).toBe(MSG.dateInvalid);
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678', ngay_thanh_cong: '05/03/2026', username_nv: 'nv2' }, check)).toBe(
      MSG.staffOutOfScope('nv2'),
    );
    expect(parseKhrImportRow({ so_dien_thoai: '0912345678', ngay_thanh_cong: '05/03/2026', username_nv: 'gone' }, check)).toBe(
      MSG.staffUnknown('gone'),
    );
    expect(staffCheck({ kind: 'all' }, members)('nv2')).toBeUndefined();
  });

  it('a red report row also needs package and a listed channel', () => {
    const row = { so_dien_thoai: '0912345678', ngay_thanh_cong: '2026-03-05', ten_goi_cuoc: 'MXH100', kenh: '9084 (4)' };
    expect(parseBaodoImportRow(row, check)).toEqual({ ...row, ly_do: '', username_nv: '' });
    expect(parseBaodoImportRow({ ...row, kenh: '' }, check)).toBe(MSG.required);
    expect(parseBaodoImportRow({ ...row, kenh: '1414' }, check)).toBe(MSG.channelInvalid);
  });

  it('the same subscriber, day and staff (and package and channel for a red report) is the same record', () => {
    const a = { so_dien_thoai: '0912345678', ngay_thanh_cong: '2026-03-05', username_nv: 'nv1' };
    expect(recordImportKey('private_customer', a)).toEqual(recordImportKey('private_customer', { ...a, so_dien_thoai: '84912345678' }));
    expect(recordImportKey('private_customer', a)).not.toEqual(recordImportKey('private_customer', { ...a, username_nv: '' }));
    expect(recordImportKey('red_report', { ...a, ten_goi_cuoc: 'mxh100', kenh: '9084 (3)' })).toEqual(
      recordImportKey('red_report', { ...a, ten_goi_cuoc: 'MXH100', kenh: '9084 (3)' }),
    );
    expect(recordImportKey('red_report', { ...a, ten_goi_cuoc: 'MXH100', kenh: '9084 (3)' })).not.toEqual(
      recordImportKey('red_report', { ...a, ten_goi_cuoc: 'MXH100', kenh: '9084 (4)' }),
    );
  });
});

describe('handing pooled records out', () => {
  it('adds up a username given twice, skips empty rows, refuses bad counts and an empty plan', () => {
    expect([
      ...planHandOut(
        [
          { username: 'a', count: 2 },
          { username: ' a ', count: 3 },
          { username: '', count: 4 },
          { username: 'b', count: 0 },
        ],
        RECORD_HAND_OUT,
      ),
    ]).toEqual([['a', 5]]);
    expect(() => planHandOut([], RECORD_HAND_OUT)).toThrow(MSG.assignNothing);
    expect(() => planHandOut([{ username: 'a', count: -1 }], RECORD_HAND_OUT)).toThrow(MSG.assignCountInvalid);
    expect(() => planHandOut([{ username: 'a', count: 1.5 }], RECORD_HAND_OUT)).toThrow(MSG.assignCountInvalid);
  });

  it('only to active staff of the subtree', () => {
    expect(() => checkRecipient(branch1, members.get('nv1'), 'nv1', RECORD_HAND_OUT.msg)).not.toThrow();
    expect(() => checkRecipient(branch1, members.get('nv2'), 'nv2', RECORD_HAND_OUT.msg)).toThrow(MSG.staffOutOfScope('nv2'));
    expect(() => checkRecipient(branch1, members.get('khoa'), 'khoa', RECORD_HAND_OUT.msg)).toThrow(MSG.staffLocked('khoa'));
    expect(() => checkRecipient(branch1, undefined, 'ai', RECORD_HAND_OUT.msg)).toThrow(MSG.staffUnknown('ai'));
  });
});

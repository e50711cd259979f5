import { staffScopeOf } from '@cskh/kit/data';
import { importAttribution } from './lookup-log';

describe('who an imported lookup-log row is by', () => {
  // Hà Nội branch (user id hn) with nv_tuan in tn_hn's group; HCM branch (hcm) with nv_trang.
  const members = new Map(
    [
      { username: 'nv_tuan', fullname: 'Nguyễn Văn Tuấn', brand_id: 'hn', group_id: 'tn_hn' },
      { username: 'nv_trang', fullname: 'Lê Thị Trang', brand_id: 'hcm', group_id: 'tn_hcm' },
    ].map((m) => [m.username, m]),
  );
  const importer = (username: string, priority: number) => ({
    who: { username, fullname: `Tên ${username}` },
    scope: staffScopeOf({ username, priority, userId: username }),
  });
  const by = (row: { username?: string; full_name?: string }, i: ReturnType<typeof importer>) =>
    importAttribution(row, i.who, i.scope, members);

  it('refuses a row put on someone outside the importer’s subtree, naming them', () => {
    expect(by({ username: 'nv_tuan' }, importer('hcm', 3))).toBe('Nhân viên nv_tuan không thuộc quyền quản lý của bạn');
    expect(by({ username: 'nv_tuan' }, importer('tn_hcm', 4))).toBe('Nhân viên nv_tuan không thuộc quyền quản lý của bạn');
    expect(by({ username: 'nobody' }, importer('hn', 3))).toBe('Nhân viên nobody không thuộc quyền quản lý của bạn');
  });
  it('takes a row of the subtree, named as the staff read model names them', () => {
    expect(by({ username: 'nv_tuan', full_name: 'Tên giả' }, importer('hn', 3))).toEqual({
      username: 'nv_tuan',
      fullName: 'Nguyễn Văn Tuấn',
    });
    expect(by({ username: ' nv_tuan ' }, importer('tn_hn', 4))).toEqual({ username: 'nv_tuan', fullName: 'Nguyễn Văn Tuấn' });
  });
  it('a blank username is the importer', () => {
    expect(by({}, importer('hcm', 3))).toEqual({ username: 'hcm', fullName: 'Tên hcm' });
    expect(by({ username: 'hcm' }, importer('hcm', 3))).toEqual({ username: 'hcm', fullName: 'Tên hcm' });
  });
  it('priority below 3 may name anyone; an unknown person keeps the row’s name', () => {
    expect(by({ username: 'nv_trang' }, importer('admin', 1))).toEqual({ username: 'nv_trang', fullName: 'Lê Thị Trang' });
    expect(by({ username: 'nv_cu', full_name: 'Nhân viên cũ' }, importer('admin', 1))).toEqual({
      username: 'nv_cu',
      fullName: 'Nhân viên cũ',
    });
  });
});

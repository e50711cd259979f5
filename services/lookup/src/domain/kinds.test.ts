import * as protoLoader from '@grpc/proto-loader';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';
import { KIND_LIST, KINDS, mayRun } from './kinds';

describe('lookup kinds', () => {
  it('declare the same guards as the REST routes in lookup.proto', () => {
    const def = protoLoader.loadSync(PROTO_FILES, { includeDirs: [PROTO_ROOT], keepCase: true });
    const svc = def['cskh.lookup.v1.LookupService'] as protoLoader.ServiceDefinition;
    for (const k of KIND_LIST) {
      const opt = (svc[k.rpc].options as Record<string, { permissions?: string[]; priority_below?: number }>)['(cskh.api.route)'];
      expect({ kind: k.kind, permissions: [...k.permissions], priorityBelow: k.priorityBelow }).toEqual({
        kind: k.kind,
        permissions: opt.permissions ?? [],
        priorityBelow: opt.priority_below ?? 0,
      });
    }
  });

  it('use the spec event names', () => {
    expect(KINDS.package.requestEvent).toBe('traCuuDanhSachDoiTuongChuongTrinh');
    expect(KINDS.info.requestEvent).toBe('traCuuThongTinChiTietThueBao');
    expect(KINDS.history.requestEvent).toBe('traCuuLichSuGoiCuoc');
    expect(KINDS['999'].requestEvent).toBe('traCuuTinNhan999');
    for (const k of KIND_LIST) expect(k.replyEvent).toBe(k.requestEvent.replace(/^traCuu/, 'traKetQua'));
  });

  it('limit detailed info and ARPU to priority below 5', () => {
    const all = ['lookup.balance', 'lookup.package', 'lookup.info'];
    expect(mayRun(KINDS.info, { priority: 4, permissions: all })).toBe(true);
    expect(mayRun(KINDS.info, { priority: 5, permissions: all })).toBe(false);
    expect(mayRun(KINDS.arpu, { priority: 5, permissions: all })).toBe(false);
    expect(mayRun(KINDS.balance, { priority: 5, permissions: ['lookup.balance'] })).toBe(true);
    expect(mayRun(KINDS.balance, { priority: 1, permissions: ['lookup.package'] })).toBe(false);
  });
});

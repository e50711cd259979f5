import * as protoLoader from '@grpc/proto-loader';
import { loadSocketRoutes } from '@cskh/kit/messaging';
import { PROTO_FILES, PROTO_ROOT } from '@cskh/proto';
import { KIND_LIST, KINDS, mayRun } from './kinds';

const socketRoutes = loadSocketRoutes().filter((r) => r.service === 'cskh.lookup.v1.LookupSocketService');
const guardOf = (k: { kind: string; permissions: readonly string[]; priorityBelow: number }) => ({
  kind: k.kind,
  permissions: [...k.permissions],
  priorityBelow: k.priorityBelow,
});

describe('lookup kinds', () => {
  it('declare the same guards as the REST routes in lookup.proto', () => {
    const def = protoLoader.loadSync(PROTO_FILES, { includeDirs: [PROTO_ROOT], keepCase: true });
    const svc = def['cskh.lookup.v1.LookupService'] as protoLoader.ServiceDefinition;
    for (const k of KIND_LIST) {
      const opt = (svc[k.rpc].options as Record<string, { permissions?: string[]; priority_below?: number }>)['(cskh.api.route)'];
      expect(guardOf(k)).toEqual({ kind: k.kind, permissions: opt.permissions ?? [], priorityBelow: opt.priority_below ?? 0 });
    }
  });

  it('are each declared once as a socket command with the same guard', () => {
    expect(socketRoutes.map((r) => r.kind).sort()).toEqual(KIND_LIST.map((k) => k.kind).sort());
    for (const r of socketRoutes) expect(guardOf(r)).toEqual(guardOf(KINDS[r.kind as keyof typeof KINDS]));
  });

  it('go over one request topic and one reply topic, matched by the last 9 digits of isdn', () => {
    expect(new Set(socketRoutes.map((r) => r.requestTopic))).toEqual(new Set(['cskh.lookup.requested']));
    expect(new Set(socketRoutes.map((r) => r.replyTopic))).toEqual(new Set(['cskh.lookup.replied']));
    for (const r of socketRoutes) expect({ match: r.match, digits: r.matchLastDigits }).toEqual({ match: 'isdn', digits: 9 });
  });

  it('use the spec event names (the ones web/src/api/lookups.ts sends and awaits)', () => {
    expect(Object.fromEntries(socketRoutes.map((r) => [r.kind, r.event]))).toEqual({
      balance: 'traCuuSoDuTaiKhoanChinh',
      package: 'traCuuDanhSachDoiTuongChuongTrinh',
      info: 'traCuuThongTinChiTietThueBao',
      history: 'traCuuLichSuGoiCuoc',
      '9279': 'traCuuLichSu9279',
      arpu: 'traCuuARPU',
      '999': 'traCuuTinNhan999',
    });
    for (const r of socketRoutes) expect(r.replyEvent).toBe(r.event.replace(/^traCuu/, 'traKetQua'));
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

/**
 * The lookups of spec 1 §2.12 / §7, one table for both routes (REST and socket): who may run
 * each (any-of permission codes, priority bound), its log name, and its socket event names.
 * The REST guards in proto/cskh/lookup/v1/lookup.proto declare the same (a test checks it).
 */
export type LookupKind = 'balance' | 'package' | 'info' | 'history' | '9279' | 'arpu' | '999';

export interface KindSpec {
  kind: LookupKind;
  /** RPC of cskh.lookup.v1.LookupService with the same guard. */
  rpc: string;
  permissions: readonly string[];
  /** Caller's priority must be strictly below (0 = no bound). */
  priorityBelow: number;
  /** ten_tra_cuu of the lookup-log row. */
  label: string;
  /** Socket event the browser sends, and the reply event it receives. */
  requestEvent: string;
  replyEvent: string;
}

const ANY_LOOKUP = ['lookup.balance', 'lookup.package', 'lookup.info'] as const;

export const KINDS: Record<LookupKind, KindSpec> = {
  balance: {
    kind: 'balance',
    rpc: 'Balance',
    permissions: ['lookup.balance'],
    priorityBelow: 0,
    label: 'Tra cứu số dư tài khoản chính',
    requestEvent: 'traCuuSoDuTaiKhoanChinh',
    replyEvent: 'traKetQuaSoDuTaiKhoanChinh',
  },
  package: {
    kind: 'package',
    rpc: 'Package',
    permissions: ['lookup.package'],
    priorityBelow: 0,
    label: 'Tra cứu danh sách đối tượng chương trình',
    requestEvent: 'traCuuDanhSachDoiTuongChuongTrinh',
    replyEvent: 'traKetQuaDanhSachDoiTuongChuongTrinh',
  },
  info: {
    kind: 'info',
    rpc: 'Info',
    permissions: ['lookup.info'],
    priorityBelow: 5,
    label: 'Tra cứu thông tin chi tiết thuê bao',
    requestEvent: 'traCuuThongTinChiTietThueBao',
    replyEvent: 'traKetQuaThongTinChiTietThueBao',
  },
  history: {
    kind: 'history',
    rpc: 'PackageHistory',
    permissions: ['lookup.package', 'lookup.info'],
    priorityBelow: 0,
    label: 'Tra cứu lịch sử gói cước',
    requestEvent: 'traCuuLichSuGoiCuoc',
    replyEvent: 'traKetQuaLichSuGoiCuoc',
  },
  '9279': {
    kind: '9279',
    rpc: 'History9279',
    permissions: ANY_LOOKUP,
    priorityBelow: 0,
    label: 'Tra cứu lịch sử 9279',
    requestEvent: 'traCuuLichSu9279',
    replyEvent: 'traKetQuaLichSu9279',
  },
  arpu: {
    kind: 'arpu',
    rpc: 'Arpu',
    permissions: ANY_LOOKUP,
    priorityBelow: 5,
    label: 'Tra cứu ARPU',
    requestEvent: 'traCuuARPU',
    replyEvent: 'traKetQuaARPU',
  },
  '999': {
    kind: '999',
    rpc: 'Messages999',
    permissions: ['history.999'],
    priorityBelow: 0,
    label: 'Tra cứu tin nhắn 999',
    requestEvent: 'traCuuTinNhan999',
    replyEvent: 'traKetQuaTinNhan999',
  },
};

export const KIND_LIST = Object.values(KINDS);
export const kindByRequestEvent = new Map(KIND_LIST.map((k) => [k.requestEvent, k]));
export const isLookupKind = (k: string): k is LookupKind => k in KINDS;

export interface Caller {
  priority: number;
  permissions: readonly string[];
}

/** Same rule as the gateway's route guard: any-of the codes, and priority strictly below the bound. */
export function mayRun(spec: KindSpec, who: Caller): boolean {
  const perms = spec.permissions.length === 0 || spec.permissions.some((p) => who.permissions.includes(p));
  const prio = spec.priorityBelow === 0 || who.priority < spec.priorityBelow;
  return perms && prio;
}

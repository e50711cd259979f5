/**
 * The lookups of spec 1 §2.12 / §7, one table for both routes (REST and socket): the RPC, the
 * log name, and who may run each (any-of permission codes, priority bound) — the engine checks it
 * on both routes. The guards are declared in proto/cskh/lookup/v1/lookup.proto, by the REST route
 * of the RPC and by the socket command of the same kind (service LookupSocketService, which also names
 * the socket events and topics); a test checks that all three agree.
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
}

const ANY_LOOKUP = ['lookup.balance', 'lookup.package', 'lookup.info'] as const;

export const KINDS: Record<LookupKind, KindSpec> = {
  balance: {
    kind: 'balance',
    rpc: 'Balance',
    permissions: ['lookup.balance'],
    priorityBelow: 0,
    label: 'Tra cứu số dư tài khoản chính',
  },
  package: {
    kind: 'package',
    rpc: 'Package',
    permissions: ['lookup.package'],
    priorityBelow: 0,
    label: 'Tra cứu danh sách đối tượng chương trình',
  },
  info: {
    kind: 'info',
    rpc: 'Info',
    permissions: ['lookup.info'],
    priorityBelow: 5,
    label: 'Tra cứu thông tin chi tiết thuê bao',
  },
  history: {
    kind: 'history',
    rpc: 'PackageHistory',
    permissions: ['lookup.package', 'lookup.info'],
    priorityBelow: 0,
    label: 'Tra cứu lịch sử gói cước',
  },
  '9279': {
    kind: '9279',
    rpc: 'History9279',
    permissions: ANY_LOOKUP,
    priorityBelow: 0,
    label: 'Tra cứu lịch sử 9279',
  },
  arpu: {
    kind: 'arpu',
    rpc: 'Arpu',
    permissions: ANY_LOOKUP,
    priorityBelow: 5,
    label: 'Tra cứu ARPU',
  },
  '999': {
    kind: '999',
    rpc: 'Messages999',
    permissions: ['history.999'],
    priorityBelow: 0,
    label: 'Tra cứu tin nhắn 999',
  },
};

export const KIND_LIST = Object.values(KINDS);
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

import { MSG } from './messages';

/** The three scan screens (spec 3 §2.4): what the worker asks the carrier and which columns are kept. */
export const SCAN_KINDS = ['quetdata', 'quetdatakhonggoi', 'quetdtct'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];
export const isScanKind = (k: string): k is ScanKind => (SCAN_KINDS as readonly string[]).includes(k);

/** States a scan file goes through; only `running` files are picked up by a worker. */
export type ScanState = 'idle' | 'running' | 'stopped' | 'done' | 'failed';

/** A socket command's kind, as declared in dataops.proto: `start:<kind>` or `stop:<kind>`. */
export function parseScanCommand(kind: string): { action: 'start' | 'stop'; scanKind: ScanKind } | string {
  const m = /^(start|stop):(\w+)$/.exec(kind);
  if (!m || !isScanKind(m[2])) return MSG.scanKindInvalid;
  return { action: m[1] as 'start' | 'stop', scanKind: m[2] };
}

/**
 * What start does to a file: running from idle, stopped or failed (a failed scan resumes where it
 * failed); running stays running (a second click is harmless). A finished or empty file is refused.
 */
export function startTransition(f: { state: ScanState; total: number; scanned: number }): ScanState | string {
  if (f.total === 0) return MSG.scanEmpty;
  if (f.state === 'done' || f.scanned >= f.total) return MSG.scanAlreadyDone;
  return 'running';
}

/** What stop does: a running file stops (the worker finishes its current step); anything else is refused. */
export function stopTransition(f: { state: ScanState }): ScanState | string {
  return f.state === 'running' ? 'stopped' : MSG.scanNotRunning;
}

/** One number's result as stored (spec 3 §3 "Scan result per number", dtct for quetdtct). */
export interface ScanResultColumns {
  number_type: string;
  current_package: string;
  register_date: string;
  register_expire: string;
  current_cycle: number;
  free_cycle_left: number;
  number_status: string;
  dtct: string;
  status: 'DA_QUET' | 'LOI';
}

interface CarrierHistoryRow {
  NumberType?: string;
  NumberCurrentPackage?: string;
  NumberPackageRegisterDate?: string;
  NumberPackageRegisterExpire?: string;
  CurrentCycle?: number;
  NumberFreeCycleLeft?: number;
  Status?: string;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v)).slice(0, 200);
const int = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

/**
 * The carrier's package history (newest first) → the number's current package, cycle and free
 * cycles. quetdatakhonggoi keeps no free-cycle column (spec 3 §2.4), so it stores 0 there.
 */
export function resultFromHistory(kind: ScanKind, body: unknown): ScanResultColumns {
  const values = (body as { values?: CarrierHistoryRow[] })?.values ?? [];
  const cur = values[0] ?? {};
  return {
    number_type: str(cur.NumberType),
    current_package: str(cur.NumberCurrentPackage),
    register_date: str(cur.NumberPackageRegisterDate),
    register_expire: str(cur.NumberPackageRegisterExpire),
    current_cycle: int(cur.CurrentCycle),
    free_cycle_left: kind === 'quetdata' ? int(cur.NumberFreeCycleLeft) : 0,
    number_status: str(cur.Status) || (values.length ? '' : 'KHONG_CO_GOI'),
    dtct: '',
    status: 'DA_QUET',
  };
}

/** The carrier's eligible programs → the dtct column (package codes, comma-separated, as listed). */
export function resultFromPackages(body: unknown): ScanResultColumns {
  const list = (body as { FinalDataList?: Array<{ PackageCode?: string }> })?.FinalDataList ?? [];
  const codes = [...new Set(list.map((p) => str(p.PackageCode)).filter(Boolean))];
  return {
    number_type: '',
    current_package: '',
    register_date: '',
    register_expire: '',
    current_cycle: 0,
    free_cycle_left: 0,
    number_status: codes.length ? 'CO_DTCT' : 'KHONG_DTCT',
    dtct: codes.join(','),
    status: 'DA_QUET',
  };
}

/** A number the carrier refused (bad number, unknown subscriber): scanned, with the carrier's reason. */
export function refusedResult(reason: string): ScanResultColumns {
  return {
    number_type: '',
    current_package: '',
    register_date: '',
    register_expire: '',
    current_cycle: 0,
    free_cycle_left: 0,
    number_status: reason.slice(0, 200),
    dtct: '',
    status: 'LOI',
  };
}

/** The push every socket of the uploader gets after each step and on every state change. */
export interface ScanProgress {
  kind: ScanKind;
  FileName: string;
  id: string;
  scanned: number;
  total: number;
  state: ScanState;
  reason: string;
}

/**
 * Spacing of carrier calls: at most `perSecond` starts per second (0 = unbounded), each caller
 * given the next free slot. The clock and sleep are injectable so tests never wait.
 */
export class RateLimiter {
  private next = 0;
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when the caller may start its call; returns the wait it imposed (ms). */
  async take(): Promise<number> {
    if (this.perSecond <= 0) return 0;
    const interval = 1000 / this.perSecond;
    const t = this.now();
    const slot = Math.max(t, this.next);
    this.next = slot + interval;
    const wait = slot - t;
    if (wait > 0) await this.sleep(wait);
    return wait;
  }
}

/** Runs `work` over `items` with at most `concurrency` in flight; results in the items' order. */
export async function mapPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let i = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (i < items.length) {
      const k = i++;
      out[k] = await work(items[k], k);
    }
  });
  await Promise.all(lanes);
  return out;
}

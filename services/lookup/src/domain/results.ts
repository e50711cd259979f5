/**
 * Carrier answers → exactly the shapes of spec 1 §3 "Lookup results" (and of the reply messages
 * in lookup.proto): known fields only, every field present, numbers as numbers. The REST reply
 * and the socket reply (result_json) are built from the same objects, so both routes agree.
 */
import { VN_OFFSET_MS } from '@cskh/kit';

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};
/** Rows may come as an array, or as {values:[…]} / {data:[…]}. */
const rows = (v: unknown): unknown[] => (Array.isArray(v) ? v : arr(obj(v).values ?? obj(v).data));

/**
 * A carrier timestamp → epoch ms: ISO-8601 (an offset-less one is Vietnam time) or
 * DD/MM/YYYY HH:mm[:ss] (Vietnam time); undefined when it is neither.
 */
export function carrierTimestamp(s: string): number | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(s.trim());
  let parts: number[];
  let zone: string | undefined;
  if (m) {
    parts = [+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
    zone = m[7];
  } else {
    m = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
    if (!m) return undefined;
    parts = [+m[3], +m[2], +m[1], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
  }
  const [y, mo, d, h, mi, se] = parts;
  const local = Date.UTC(y, mo - 1, d, h, mi, se);
  if (Number.isNaN(local)) return undefined;
  if (!zone) return local - VN_OFFSET_MS;
  if (zone === 'Z') return local;
  const z = /([+-])(\d{2}):?(\d{2})/.exec(zone)!;
  return local - (z[1] === '-' ? -1 : 1) * (+z[2] * 3600000 + +z[3] * 60000);
}

/**
 * Message lists are shown newest first by their full timestamp (not only by day): a carrier
 * page in any order is sorted here. Rows whose time cannot be read keep their order, last.
 */
export function newestFirst<T>(list: T[], time: (row: T) => string): T[] {
  return list
    .map((row, i) => ({ row, i, t: carrierTimestamp(time(row)) ?? -Infinity }))
    .sort((a, b) => (b.t === a.t ? a.i - b.i : b.t > a.t ? 1 : -1))
    .map((x) => x.row);
}

export function balanceResult(v: unknown) {
  const o = obj(v);
  return { NUMBER_PHONE: str(o.NUMBER_PHONE), NUM_TYPE: str(o.NUM_TYPE), PHONE_BALANCE: num(o.PHONE_BALANCE) };
}

export function infoResult(v: unknown) {
  const o = obj(v);
  return {
    NUMBER_PHONE: str(o.NUMBER_PHONE),
    NUM_TYPE: str(o.NUM_TYPE),
    PHONE_BALANCE: num(o.PHONE_BALANCE),
    SIM_TYPE: str(o.SIM_TYPE),
    CURRENT_PACKAGE: str(o.CURRENT_PACKAGE),
    NUMBER_CONTRACT_DATE: str(o.NUMBER_CONTRACT_DATE),
    NUMBER_LIMIT: num(o.NUMBER_LIMIT),
    NUMBER_LIMIT_F1: num(o.NUMBER_LIMIT_F1),
    NUMBER_TYPE: str(o.NUMBER_TYPE),
    PACKAGE_DATA: arr(o.PACKAGE_DATA).map((p) => {
      const x = obj(p);
      return { PACKAGE_NAME: str(x.PACKAGE_NAME), START_DATE: str(x.START_DATE), END_DATE: str(x.END_DATE) };
    }),
  };
}

export function packageResult(v: unknown) {
  const o = obj(v);
  return {
    FinalDataList: arr(o.FinalDataList).map((p) => {
      const x = obj(p);
      return {
        PackageCode: str(x.PackageCode),
        FromDate: str(x.FromDate),
        ToDate: str(x.ToDate),
        SyntaxRegister: str(x.SyntaxRegister),
        RegisterExpire: str(x.RegisterExpire),
      };
    }),
    PaginateNumber: num(o.PaginateNumber),
  };
}

export function historyResult(v: unknown) {
  const values = rows(v).map((p) => {
    const x = obj(p);
    return {
      NumberType: str(x.NumberType),
      NumberCurrentPackage: str(x.NumberCurrentPackage),
      NumberPackageRegisterDate: str(x.NumberPackageRegisterDate),
      NumberPackageRegisterExpire: str(x.NumberPackageRegisterExpire),
      CurrentCycle: num(x.CurrentCycle),
      NumberFreeCycleLeft: num(x.NumberFreeCycleLeft),
      Status: str(x.Status),
    };
  });
  return { values, count: values.length };
}

export function h9279Result(v: unknown) {
  const values = rows(v).map((p) => {
    const x = obj(p);
    return { content: str(x.content), datetime: str(x.datetime), receiver: str(x.receiver), sender: str(x.sender), type: str(x.type) };
  });
  return { values: newestFirst(values, (r) => r.datetime), count: values.length };
}

export function arpuResult(v: unknown) {
  const o = obj(v);
  return {
    ctkv: str(o.ctkv),
    apru: arr(o.apru).map((p) => {
      const x = obj(p);
      return { thang: str(x.thang), tong: num(x.tong), ngoai_tkc: num(x.ngoai_tkc) };
    }),
  };
}

export function messages999Result(v: unknown) {
  const o = obj(v);
  const values = rows(v).map((p) => {
    const x = obj(p);
    return {
      ISDN: str(x.ISDN),
      ActionType: str(x.ActionType),
      NumberService: str(x.NumberService),
      SystemSource: str(x.SystemSource),
      SMSSyntax: str(x.SMSSyntax),
      SMSContent: str(x.SMSContent),
      ActionTime: str(x.ActionTime),
    };
  });
  return { values: newestFirst(values, (r) => r.ActionTime), count: o.count === undefined ? values.length : num(o.count) };
}

export interface Registration9084Row {
  SubAgent: string;
  NumberPhone: string;
  PackageCode: string;
  Price: number;
  Time: string;
  Status: number;
  Result: string;
  username_nv: string;
  ten_nv: string;
}

export function registrationsResult(v: unknown): { values: Registration9084Row[]; count: number } {
  const o = obj(v);
  const values = rows(v).map((p) => {
    const x = obj(p);
    return {
      SubAgent: str(x.SubAgent),
      NumberPhone: str(x.NumberPhone),
      PackageCode: str(x.PackageCode),
      Price: num(x.Price),
      Time: str(x.Time),
      Status: num(x.Status),
      Result: str(x.Result),
      username_nv: str(x.username_nv),
      ten_nv: str(x.ten_nv),
    };
  });
  return { values, count: o.count === undefined ? values.length : num(o.count) };
}

/**
 * Typed calls of the dataops service (spec 3 §7.2, §7.3, §7.6, §7.10). The server applies every
 * rule (subtree, own permissions, quotas, export ban) — these only carry them.
 */
import type { common_v1_common, dataops_v1_dataops } from '@cskh/proto';
import { api } from '../../api/client';
// Type only (nothing of the service is bundled): the scan kinds and the progress push as the dataops service defines them.
import type { ScanKind, ScanProgress } from '../../../../services/dataops/src/domain/scan';

export type ScanFile = dataops_v1_dataops.ScanFile;
export type ScanInfo = dataops_v1_dataops.ScanInfo;
export type ScanResult = dataops_v1_dataops.ScanResult;
export type SplitFile = dataops_v1_dataops.SplitFile;
export type UserDataOptions = dataops_v1_dataops.UserDataOptions;
export type FileQuantityOptions = dataops_v1_dataops.FileQuantityOptions;
export type DataTarget = dataops_v1_dataops.DataTarget;
export type BlacklistEntry = dataops_v1_dataops.BlacklistEntry;
export type OtpRecord = dataops_v1_dataops.OtpRecord;
export type Ack = common_v1_common.Ack;
export type { ScanKind, ScanProgress };

/** Per scan screen: its endpoints, its socket start/stop pair (spec 3 §7.2) and its title. */
export const SCAN_SCREENS: Record<
  ScanKind,
  { title: string; base: string; upload: string; start: string; stop: string; permission: string; freeCycles: boolean }
> = {
  quetdata: {
    title: 'Quét data',
    base: '/api/v1/quetdata',
    upload: '/api/v1/uploadscannumber/import',
    start: 'batDauQuetTHREAD1',
    stop: 'dungQuetTHREAD1',
    permission: 'quetdata',
    freeCycles: true,
  },
  quetdatakhonggoi: {
    title: 'Quét data không gói',
    base: '/api/v1/quetdatakhonggoi',
    upload: '/api/v1/uploadquetdatakhonggoi/import',
    start: 'batDauQuetDataKhongGoiTHREAD1',
    stop: 'dungQuetDataKhongGoiTHREAD1',
    permission: 'quetdatakhonggoi',
    freeCycles: false,
  },
  quetdtct: {
    title: 'Quét đối tượng chương trình',
    base: '/api/v1/quetdtct',
    upload: '/api/v1/uploadquetdtct/import',
    start: 'batDauQuetDTCTTHREAD1',
    stop: 'dungQuetDTCTTHREAD1',
    permission: 'quetdtct',
    freeCycles: false,
  },
};

/** The push every socket of a file's uploader gets as a scan moves (services/dataops README): a ScanProgress. */
export const SCAN_PROGRESS_EVENT = 'scanProgress';

export const scanApi = (kind: ScanKind) => {
  const base = SCAN_SCREENS[kind].base;
  return {
    info: (FileName: string) => api.post<ScanInfo>(`${base}/getInfoByFileName`, { FileName }),
    /** Every number with its result (the export). */
    all: (FileName: string) =>
      api.post<{ values: ScanResult[]; count: number }>(`${base}/findAllByFileName`, { FileName, page: 0, count: 9999999999 }),
    remove: (FileName: string) => api.post<Ack>(`${base}/deleteFile`, { FileName }),
  };
};

export const SPLIT_BASE = '/api/v1/uploadchiadata';
export const SPLIT_IMPORT = `${SPLIT_BASE}/import`;
export const splitApi = {
  all: () => api.get<{ values: SplitFile[]; count: number }>(`${SPLIT_BASE}/findAllNoLimit`),
  info: (FileName: string) => api.post<SplitFile>(`${SPLIT_BASE}/getInfoByFileName`, { FileName }),
  remove: (FileName: string) => api.post<Ack>(`${SPLIT_BASE}/deleteFile`, { FileName }),
  activate: (FileName: string, is_activated: 0 | 1) => api.post<Ack>(`${SPLIT_BASE}/activeOrDeactive`, { FileName, is_activated }),
  optionsOfFile: (FileName: string) => api.post<FileQuantityOptions>(`${SPLIT_BASE}/getOptionDataByFile`, { FileName }),
  optionsOfUser: (username: string) => api.get<UserDataOptions>(`${SPLIT_BASE}/getOptionDataByUsername/${encodeURIComponent(username)}`),
  targets: () => api.get<{ values: DataTarget[]; count: number }>(`${SPLIT_BASE}/targets`),
  savePermissions: (body: Partial<Record<'branch' | 'leader' | 'sale', Section>>) =>
    api.post<Ack>(`${SPLIT_BASE}/handleCustomDataOption`, body),
  // The spec's body: assigns is a map of username to quantity.
  saveQuantities: (FileName: string, assigns: Array<{ username: string; quantity: number }>) =>
    api.post<Ack>(`${SPLIT_BASE}/handleFileUserQuantityOption`, {
      FileName,
      assigns: Object.fromEntries(assigns.map((a) => [a.username, a.quantity])),
    }),
};
export interface Section {
  username: string;
  files: string[];
  dates: string[];
}

export const BLACKLIST_BASE = '/api/v1/blacklist';
export const blacklistApi = {
  create: (b: { phone_number: string; description: string }) => api.post<BlacklistEntry>(BLACKLIST_BASE, b),
  update: (id: string, b: { phone_number: string; description: string }) =>
    api.put<BlacklistEntry>(`${BLACKLIST_BASE}/${encodeURIComponent(id)}`, b),
  remove: (id: string) => api.del<Ack>(`${BLACKLIST_BASE}/${encodeURIComponent(id)}`),
};

export const OTP_BASE = '/api/v1/mes1414otp';
export const otpApi = {
  create: (b: { phone_number: string; str_mes: string; otp?: string }) => api.post<OtpRecord>(OTP_BASE, b),
  update: (id: string, b: { phone_number: string; str_mes: string; otp?: string }) =>
    api.put<OtpRecord>(`${OTP_BASE}/${encodeURIComponent(id)}`, b),
  remove: (id: string) => api.del<Ack>(`${OTP_BASE}/${encodeURIComponent(id)}`),
};

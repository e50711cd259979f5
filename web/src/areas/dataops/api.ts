/**
 * Typed calls of the dataops service (spec 3 §7.2, §7.3, §7.6, §7.10). The server applies every
 * rule (subtree, own permissions, quotas, export ban) — these only carry them.
 */
import type { common_v1_common, dataops_v1_dataops } from '@cskh/proto';
import { DataopsListService as Lists, DataopsScanService as Scans, DataopsSplitService as Splits } from '../../api/gen/routes';
import { SOCKET_COMMANDS } from '../../api/gen/sockets';
// Type only (nothing of the service is bundled): the scan kinds as the dataops service defines them.
import type { ScanKind } from '../../../../services/dataops/src/domain/scan';

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
export type { ScanKind };

/**
 * Per scan screen: its socket start/stop pair and their reply events (spec 3 §7.2), its title. Its
 * routes are the scan service's bound to the screen (`Scans[kind]`: the route fixes the kind).
 */
export const SCAN_SCREENS = {
  quetdata: {
    title: 'Quét data',
    start: SOCKET_COMMANDS.startDataScan,
    stop: SOCKET_COMMANDS.stopDataScan,
    permission: 'quetdata',
    freeCycles: true,
  },
  quetdatakhonggoi: {
    title: 'Quét data không gói',
    start: SOCKET_COMMANDS.startNoPackageScan,
    stop: SOCKET_COMMANDS.stopNoPackageScan,
    permission: 'quetdatakhonggoi',
    freeCycles: false,
  },
  quetdtct: {
    title: 'Quét đối tượng chương trình',
    start: SOCKET_COMMANDS.startProgramTargetScan,
    stop: SOCKET_COMMANDS.stopProgramTargetScan,
    permission: 'quetdtct',
    freeCycles: false,
  },
} satisfies Record<ScanKind, { title: string; permission: string; freeCycles: boolean } & Record<string, unknown>>;

export const scanApi = (kind: ScanKind) => {
  const svc = Scans[kind];
  return {
    /** The screen's list of files. */
    base: svc.listScanFiles.url(),
    /** The upload's endpoint (200 rows a request). */
    upload: svc.uploadScanFile,
    info: (FileName: string) => svc.getInfoByFileName({ FileName }),
    /** Every number with its result (the export). */
    all: (FileName: string) => svc.findAllByFileName({ FileName, page: 0, count: 9999999999 }),
    remove: (FileName: string) => svc.deleteScanFileByName({ FileName }),
  };
};

export const SPLIT_BASE = Splits.listSplitFiles.url();
export const SPLIT_IMPORT = Splits.importSplitRows;
export const splitApi = {
  all: () => Splits.listAllSplitFiles(),
  info: (FileName: string) => Splits.getSplitFileInfo({ FileName }),
  remove: (FileName: string) => Splits.deleteSplitFile({ FileName }),
  activate: (FileName: string, is_activated: 0 | 1) => Splits.activateSplitFile({ FileName, is_activated }),
  optionsOfFile: (FileName: string) => Splits.getOptionDataByFile({ FileName }),
  optionsOfUser: (username: string) => Splits.getOptionDataByUsername({ username }),
  targets: () => Splits.listDataTargets(),
  savePermissions: (body: Partial<Record<'branch' | 'leader' | 'sale', Section>>) => Splits.handleCustomDataOption(body),
  // The spec's body: assigns is a map of username to quantity.
  saveQuantities: (FileName: string, assigns: Array<{ username: string; quantity: number }>) =>
    Splits.handleFileUserQuantityOption({ FileName, assigns: Object.fromEntries(assigns.map((a) => [a.username, a.quantity])) }),
};
export interface Section {
  username: string;
  files: string[];
  dates: string[];
}

export const BLACKLIST_BASE = Lists.listBlacklist.url();
export const BLACKLIST_IMPORT = Lists.importBlacklist;
export const blacklistHistory = (id: string) => Lists.blacklistHistory.url({ id });
export const blacklistApi = {
  create: (b: { phone_number: string; description: string }) => Lists.createBlacklist(b),
  update: (id: string, b: { phone_number: string; description: string }) => Lists.updateBlacklist({ id, ...b }),
  remove: (id: string) => Lists.deleteBlacklist({ id }),
};

export const OTP_BASE = Lists.listOtp.url();
export const OTP_IMPORT = Lists.importOtp;
export const otpHistory = (id: string) => Lists.otpHistory.url({ id });
export const otpApi = {
  create: (b: { phone_number: string; str_mes: string; otp?: string }) => Lists.createOtp(b),
  update: (id: string, b: { phone_number: string; str_mes: string; otp?: string }) => Lists.updateOtp({ id, ...b }),
  remove: (id: string) => Lists.deleteOtp({ id }),
};

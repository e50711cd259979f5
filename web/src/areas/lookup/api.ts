/**
 * Typed calls of the lookup service (spec 1 §7 Lookup, Lookup log, Registration messages; spec 3
 * §7.1). The subscriber lookups themselves go over the realtime socket (src/api/lookups.ts).
 */
import type { lookup_v1_lookup } from '@cskh/proto';
import { LookupLogService, LookupService } from '../../api/gen/routes';
import type { SelectOption } from '../../list/types';

export type Message999 = lookup_v1_lookup.Message999;
export type Registration9084 = lookup_v1_lookup.Registration9084;
export type LookupLog = lookup_v1_lookup.LookupLog;
export type LookupLogList = lookup_v1_lookup.LookupLogList;
export type Messages999List = lookup_v1_lookup.Messages999List;
export type Registrations9084List = lookup_v1_lookup.Registrations9084List;
export type NameCount = lookup_v1_lookup.NameCount;
export type ImportLookupLogRow = lookup_v1_lookup.ImportLookupLogRow;
export type ImportLookupLogsReply = lookup_v1_lookup.ImportLookupLogsReply;

/** GET list endpoints (the generic list screen pages them itself). */
export const LOOKUP_LISTS = {
  messages999: LookupService.messages999.url(),
  registrations9084: LookupService.registrations9084.url(),
  lookupLog: LookupLogService.listLookupLogs.url(),
} as const;

/** Bulk import of lookup-log rows (chunks of 200; the server dedupes a re-sent chunk). */
export const LOOKUP_LOG_IMPORT = LookupLogService.importLookupLogs;

export const lookupApi = {
  /** The 9084 channels this user may pick (the server applies the visibility rules). */
  registrationChannels: (): Promise<SelectOption[]> =>
    LookupService.registration9084Channels().then((d) =>
      (d?.values ?? []).map((c) => ({ value: c.value, label: c.label || String(c.value) })),
    ),
};

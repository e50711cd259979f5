import { type Logger } from '@cskh/kit/observability';
import { serviceClient } from '@cskh/kit/server';
import { dataops_v1_dataops } from '@cskh/proto';

/** A number handed out of a data-split file (dataops' TakeSplitNumber, contract with care). */
export interface SplitNumber {
  phone: string;
  package: string;
  fileName: string;
  fileId: string;
  /** The rest of its uploaded row, for the customer's card ('' when the file did not say). */
  type: string;
  registerAt: string;
  expiredAt: string;
  packageCycle: string;
  state: string;
  packageCanRegister: string;
  freeCyclesLeft: string;
}

/** The caller's next split number, or why there is none (dataops' words; empty when it is not reachable). */
export type SplitTake = { number: SplitNumber } | { number?: undefined; reason: string };

/** Where 'Khách hàng mới' takes a number when nothing is handed to the caller any more. */
export interface SplitNumbers {
  take(username: string): Promise<SplitTake>;
  close?(): void;
}

export const noSplitNumbers: SplitNumbers = { take: async () => ({ reason: '' }) };

/**
 * Asks dataops (DATAOPS_GRPC_URL). When dataops is unreachable or fails, the button answers as if
 * there was no split number (logged) rather than failing the caller's whole take-next.
 */
export function dataopsSplitNumbers(url: string | undefined, log: Logger): SplitNumbers {
  if (!url) return noSplitNumbers;
  const client = serviceClient(dataops_v1_dataops.DataopsServiceService, url, { deadlineMs: 5000 });
  return {
    async take(username) {
      try {
        const r = await client.takeSplitNumber({ username });
        if (!r.found || !r.phone) return { reason: r.reason ?? '' };
        return {
          number: {
            phone: r.phone,
            package: r.package ?? '',
            fileName: r.file_name || 'Chia data',
            fileId: r.file_id ?? '',
            type: r.type ?? '',
            registerAt: r.register_at ?? '',
            expiredAt: r.expired_at ?? '',
            packageCycle: r.package_cycle ?? '',
            state: r.state ?? '',
            packageCanRegister: r.package_can_register ?? '',
            freeCyclesLeft: r.free_cycles_left ?? '',
          },
        };
      } catch (err) {
        log.warn({ err, username }, 'dataops TakeSplitNumber failed; answering as if no split number');
        return { reason: '' };
      }
    },
    close: () => client.close(),
  };
}

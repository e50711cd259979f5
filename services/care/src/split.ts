import { serviceClient, type Logger } from '@cskh/kit';
import { dataops_v1_dataops } from '@cskh/proto';

/** A number handed out of a data-split file (dataops' TakeSplitNumber, contract with care). */
export interface SplitNumber {
  phone: string;
  package: string;
  fileName: string;
  fileId: string;
}

/** Where 'Khách hàng mới' takes a number when nothing is handed to the caller any more. */
export interface SplitNumbers {
  /** The caller's next number, or null (none left today, no permitted file, or dataops unreachable). */
  take(username: string): Promise<SplitNumber | null>;
  close?(): void;
}

export const noSplitNumbers: SplitNumbers = { take: async () => null };

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
        if (!r.found || !r.phone) return null;
        return { phone: r.phone, package: r.package ?? '', fileName: r.file_name || 'Chia data', fileId: r.file_id ?? '' };
      } catch (err) {
        log.warn({ err, username }, 'dataops TakeSplitNumber failed; answering as if no split number');
        return null;
      }
    },
    close: () => client.close(),
  };
}

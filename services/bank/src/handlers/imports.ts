import { importChunk } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import type { bank_v1_bank } from '@cskh/proto';
import type { BankContext } from '../context';
import { parseTransfer, transferKey } from '../domain/transfer';
import { requireManager } from '../domain/rules';
import { insertTransfers } from '../store/messages';

type Def = typeof bank_v1_bank.BankServiceService;

/** VPBank sheets: data starts at sheet row 13 (spec 1 §5, §9). */
export const VPBANK_FIRST_ROW = 13;

/**
 * The VPBank import (spec 1 §5): every row checked again here, refused rows answered with their
 * sheet row; a re-sent chunk stores nothing twice (kit importChunk, unique import_key).
 */
export function importHandlers(service: BankContext): Pick<Handlers<Def>, 'importMessages'> {
  const { ds } = service.deps;
  return {
    async importMessages(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const fileName = (req.file_name ?? '').trim();
      return importChunk({
        rows: req.rows ?? [],
        fileName,
        firstRow: req.first_row || VPBANK_FIRST_ROW,
        parse: (r) => parseTransfer(r, fileName),
        key: transferKey,
        save: (rows) =>
          insertTransfers(
            ds.manager,
            rows.map((r) => ({ t: r.row, importKey: r.importKey })),
            me.username,
          ),
      });
    },
  };
}

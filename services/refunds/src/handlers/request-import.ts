import { importPriceSheet } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { ImportedRequest, parseImportRow } from '../domain/request-import';
import { TOP_UP } from '../domain/requests';
import { NO_API } from '../domain/settings';
import { priceByName } from '../store/prices';
import { readSettings } from '../store/settings';
import { settleNewRequests } from '../store/settlement';
import { packageRefundRow, saveNewRequests, topUpRow } from './new-requests';

type Def = typeof refunds_v1_refunds.RefundsServiceService;

/**
 * A request's creation key when it comes from a sheet: the negative first 48 bits of its import key.
 * The dialogs' keys are positive milliseconds, so the two never meet, and a chunk sent again after
 * a lost answer creates nothing twice (the same unique index as a dialog sent twice).
 */
const importedCreationKey = (key: string) => -parseInt(key.slice(0, 12), 16);

/**
 * `POST /api/v1/requestrefund/import` (spec 2 §7, 200 rows a call): each good row a request made
 * without the API (no card gateway is called for a sheet), for the staff member it names; a top-up
 * is discounted at today's rate of its subscriber type and settled by a transfer already waiting.
 * Refused rows come back with their sheet row and the reason.
 */
export function requestImportHandlers(service: RefundsContext): Pick<Handlers<Def>, 'importRequests'> {
  const { ds, staff, outbox } = service.deps;
  return {
    async importRequests(req, ctx) {
      const me = ctx.user;
      const rows = req.rows ?? [];
      const people = await staff.byUsernames(rows.map((r) => String(r.staff_username ?? '').trim()));
      const active = new Map([...people.values()].filter((p) => !p.locked && !p.deleted).map((p) => [p.username.toLowerCase(), p]));
      const listed = new Map<string, string>();
      for (const name of new Set(
        rows
          .map((r) =>
            String(r.package_code ?? '')
              .trim()
              .toUpperCase(),
          )
          .filter(Boolean),
      )) {
        const price = await priceByName(ds.manager, name);
        if (price) listed.set(name, price.ten_goi_cuoc);
      }
      const lookup = {
        importer: { username: me.username, fullname: me.fullname },
        staff: (u: string) => active.get(u.toLowerCase()),
        listedPackage: (p: string) => listed.get(p.trim().toUpperCase()),
      };
      const result = await importPriceSheet<refunds_v1_refunds.ImportRequestRow, ImportedRequest>(req, {
        parse: (raw) => parseImportRow(raw, lookup),
        key: (r, rowNumber) => [
          req.file_name ?? '',
          rowNumber,
          r.staff.username,
          r.phone,
          r.pkg,
          r.type,
          r.method,
          r.amount,
          r.otherRefund,
        ],
        save: (good) =>
          ds.transaction(async (em) => {
            const settings = await readSettings(em);
            for (const { row: r, importKey: key } of good) {
              const ms = importedCreationKey(key);
              const f = { ms, phone: r.phone, numberType: r.numberType, pkg: r.pkg, choLenDon: 0 };
              const built =
                r.type === TOP_UP
                  ? topUpRow(me, settings, { ...f, amount: r.amount, isTransfer: 0 }, NO_API)
                  : await packageRefundRow(
                      em,
                      me,
                      { ...f, type: r.type, method: r.method, otherRefund: r.otherRefund, reason: r.reason },
                      NO_API,
                    );
              const saved = await saveNewRequests(service, em, me, [
                { ...built, staff_username: r.staff.username, staff_fullname: r.staff.fullname },
              ]);
              await settleNewRequests(em, service.deps, saved);
            }
          }),
      });
      outbox.afterCommit();
      return result;
    },
  };
}

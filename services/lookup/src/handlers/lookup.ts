import { Identity, requireIdentity } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { lookup_v1_lookup } from '@cskh/proto';
import type { LookupEngine, Asker } from './lookup-engine';
import type { Registrations } from './registrations-9084';

type Def = typeof lookup_v1_lookup.LookupServiceService;

const asker = (id: Identity | undefined): Asker => {
  const who = requireIdentity(id);
  return { username: who.username, fullname: who.fullname, priority: who.priority, permissions: who.permissions };
};
const phoneOf = (r: { phone?: string; isdn?: string }) => r.isdn || r.phone;
const num = (n: number | undefined) => (n ? String(n) : undefined);

/** REST reading of spec 1 §7 "Lookup": thin — the engine applies every rule and writes the log. */
export function lookupHandlers(engine: LookupEngine, regs: Registrations): Handlers<Def> {
  const run = async <T>(kind: Parameters<LookupEngine['run']>[0], params: Record<string, string | undefined>, id: Identity | undefined) =>
    (await engine.run(kind, params, asker(id), { via: 'api' })).result as T;
  return {
    package: (req, ctx) =>
      run<lookup_v1_lookup.PackageResult>(
        'package',
        { isdn: phoneOf(req), package_code: req.package_code, page: num(req.page) },
        ctx.identity,
      ),
    info: (req, ctx) =>
      run<lookup_v1_lookup.InfoResult>('info', { isdn: phoneOf(req), phoneType: req.phoneType || req.type }, ctx.identity),
    balance: (req, ctx) => run<lookup_v1_lookup.BalanceResult>('balance', { isdn: phoneOf(req) }, ctx.identity),
    arpu: (req, ctx) => run<lookup_v1_lookup.ArpuResult>('arpu', { isdn: phoneOf(req) }, ctx.identity),
    history9279: (req, ctx) =>
      run<lookup_v1_lookup.History9279Result>('9279', { isdn: phoneOf(req), startDate: req.startDate, endDate: req.endDate }, ctx.identity),
    packageHistory: (req, ctx) => run<lookup_v1_lookup.PackageHistoryResult>('history', { isdn: phoneOf(req) }, ctx.identity),
    messages999: (req, ctx) =>
      run<lookup_v1_lookup.Messages999List>(
        '999',
        {
          isdn: phoneOf(req),
          huong_ket_qua: req.huong_ket_qua,
          startDate: req.startDate,
          endDate: req.endDate,
          page: num(req.page),
          count: num(req.count),
        },
        ctx.identity,
      ),
    registrations9084: async (req, ctx) => regs.list(req, requireIdentity(ctx.identity)),
    registration9084Channels: async (_req, ctx) => regs.channels(requireIdentity(ctx.identity)),
  };
}

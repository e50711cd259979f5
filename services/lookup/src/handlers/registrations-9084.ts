import { MSG } from '../domain/messages';
import { AppError, Identity, toPaging } from '@cskh/kit';
import { inScope, StaffDirectory, staffScopeOf } from '@cskh/kit/data';
import type { CarrierClient } from '../clients/carrier-client';
import {
  CHANNEL_LABELS,
  pageOf,
  presentRegistration,
  registrationVisible,
  staffFilterAllowed,
  visibleChannels,
} from '../domain/registrations';
import { registrationsResult, Registration9084Row } from '../domain/results';
import { last9 } from '../domain/phone';
import { parseDay, vnIsoDay, DAY_MS } from '../domain/time';

/** The most rows an all-rows answer reads from the carrier (its own bound, not the export rule). */
const MAX_ROWS_READ = 100000;

export interface RegistrationQuery {
  page?: number;
  count?: number;
  message?: string;
  phone?: string;
  username?: string;
  startDate?: string;
  endDate?: string;
  subagent?: string;
}

type Viewer = Pick<Identity, 'username' | 'priority' | 'userId'>;

/** The carrier's page size when every row of a period is read (a scoped viewer's list is filtered here). */
const READ_ALL_PAGE = 5000;

/**
 * Registration results (9084, spec 1 §2.14): read from the carrier by channel, names filled
 * from the staff read model, channel visibility, the viewer's staff scope, special-account
 * attribution and phone masking applied here.
 */
export class Registrations {
  constructor(
    private deps: {
      carrier: CarrierClient;
      staff: StaffDirectory;
      specialAccounts: ReadonlySet<string>;
      prefixes: readonly [string, string];
    },
  ) {}

  channels(who: { username: string; priority: number }) {
    const values = visibleChannels(who, this.deps.prefixes).map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));
    return { values, count: values.length };
  }

  async list(q: RegistrationQuery, who: Viewer, now = Date.now()) {
    const { specialAccounts, staff } = this.deps;
    const allowed = visibleChannels(who, this.deps.prefixes);
    const sub = (q.subagent ?? '').trim().toLowerCase();
    if (sub && !(allowed as string[]).includes(sub)) throw new AppError('FORBIDDEN', MSG.channelForbidden);
    const channels = sub ? [sub] : allowed;
    const username = (q.username ?? '').trim();
    const none = { values: [], count: 0 };
    if (!staffFilterAllowed(username, who.priority, specialAccounts) || channels.length === 0) return none;
    const paging = toPaging(q.page, q.count, 20);
    // The export asks for every row: not for priority 5 (spec 1 §6), as on every list.
    let end = parseDay(q.endDate, 'Ngày kết thúc');
    let start = parseDay(q.startDate, 'Ngày bắt đầu');
    // Default: the current month up to today (the screens' default filter).
    end ??= parseDay(vnIsoDay(now))!;
    if (start === undefined) {
      const [y, m] = vnIsoDay(now).split('-');
      start = parseDay(`${y}-${m}-01`)!;
    }
    if (end < start) throw new AppError('VALIDATION', MSG.endBeforeStart);
    if (end - start > 92 * DAY_MS) throw new AppError('VALIDATION', MSG.maxDays(92));
    // A staff filter outside the viewer's subtree yields nothing, as in every scoped list.
    const scope = staffScopeOf(who);
    if (username && !inScope(scope, await staff.get(username), username)) return none;
    const phone = last9(q.message || q.phone || '');
    const read = async (page: number, count: number) =>
      registrationsResult(
        await this.deps.carrier.get('/api/v1/9084/registrations', {
          subagent: channels.join(','),
          phone: phone || undefined,
          seller: username || undefined,
          startDate: vnIsoDay(start),
          endDate: vnIsoDay(end),
          page,
          count,
        }),
      );
    // Everyone's rows (priority below 3), or one seller's inside the subtree: the carrier pages
    // them. Otherwise the carrier cannot filter by a subtree: every row of the period is read,
    // kept when visible, and paged here.
    let rows: Registration9084Row[];
    let count: number;
    if (scope.kind === 'all' || username) {
      ({ values: rows, count } = await read(paging.page, paging.take ?? MAX_ROWS_READ));
    } else {
      const every = await this.readAll(read);
      const members = await staff.byUsernames(every.map((r) => r.username_nv));
      const visible = every.filter((r) => registrationVisible(r, scope, members, specialAccounts));
      rows = pageOf(visible, paging);
      count = visible.length;
    }
    const names = await staff.fullnames(rows.filter((r) => r.username_nv && !r.ten_nv).map((r) => r.username_nv));
    const values = rows.map((r) =>
      presentRegistration({ ...r, ten_nv: r.ten_nv || names.get(r.username_nv) || '' }, who.priority, specialAccounts),
    );
    return { values, count };
  }

  /** Every row of the query, page by page (at most MAX_ROWS_READ, the bound of an all-rows answer). */
  private async readAll(read: (page: number, count: number) => Promise<{ values: Registration9084Row[]; count: number }>) {
    const all: Registration9084Row[] = [];
    for (let page = 1; all.length < MAX_ROWS_READ; page++) {
      const got = await read(page, READ_ALL_PAGE);
      all.push(...got.values);
      if (got.values.length < READ_ALL_PAGE || all.length >= got.count) break;
    }
    return all.slice(0, MAX_ROWS_READ);
  }
}

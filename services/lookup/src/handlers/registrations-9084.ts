import { MSG } from '../domain/messages';
import { AppError, toPaging } from '@cskh/kit';
import { StaffDirectory } from '@cskh/kit/data';
import type { CarrierClient } from '../clients/carrier-client';
import { attribute, CHANNEL_LABELS, staffFilterAllowed, visibleChannels } from '../domain/registrations';
import { registrationsResult, Registration9084Row } from '../domain/results';
import { last9 } from '../domain/phone';
import { parseDay, vnIsoDay, DAY_MS } from '../domain/time';

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

/**
 * Registration results (9084, spec 1 §2.14): read from the carrier by channel, names filled
 * from the staff read model, channel visibility and special-account attribution applied here.
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

  async list(q: RegistrationQuery, who: { username: string; priority: number }, now = Date.now()) {
    const allowed = visibleChannels(who, this.deps.prefixes);
    const sub = (q.subagent ?? '').trim().toLowerCase();
    if (sub && !(allowed as string[]).includes(sub)) throw new AppError('FORBIDDEN', MSG.channelForbidden);
    const channels = sub ? [sub] : allowed;
    const username = (q.username ?? '').trim();
    if (!staffFilterAllowed(username, who.priority, this.deps.specialAccounts) || channels.length === 0) return { values: [], count: 0 };
    const paging = toPaging(q.page, q.count, 20);
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
    const phone = last9(q.message || q.phone || '');
    const raw = registrationsResult(
      await this.deps.carrier.get('/api/v1/9084/registrations', {
        subagent: channels.join(','),
        phone: phone || undefined,
        seller: username || undefined,
        startDate: vnIsoDay(start),
        endDate: vnIsoDay(end),
        page: paging.page,
        count: paging.take ?? 100000,
      }),
    );
    const names = await this.names(raw.values.filter((r) => r.username_nv && !r.ten_nv).map((r) => r.username_nv));
    const values: Registration9084Row[] = raw.values.map((r) =>
      attribute({ ...r, ten_nv: r.ten_nv || names.get(r.username_nv) || '' }, who.priority, this.deps.specialAccounts),
    );
    return { values, count: raw.count };
  }

  private names(usernames: string[]): Promise<Map<string, string>> {
    return this.deps.staff.fullnames(usernames);
  }
}

import type { EntityManager } from 'typeorm';
import type { Identity } from '../core/identity';
import { toPaging } from '../core/paging';
import { pageSql } from './sql';
import { vnDateTime } from '../core/time';

/**
 * The audit trail every service gets (ARCHITECTURE §5a): each change a user makes to a record
 * (status, approval, any field) is written in the same transaction as the change: resource,
 * record id, field, from, to, who and when. Served at `GET …/{id}/history` with the resource's
 * own guard (see auditHistory), and shown by the generic list screen's row-history dialog.
 */
export const auditTableSql = (schema: string) => `
  CREATE TABLE IF NOT EXISTS "${schema}".audit_log (
    id bigserial PRIMARY KEY,
    resource text NOT NULL,
    record_id text NOT NULL,
    field text NOT NULL,
    from_value text,
    to_value text,
    username text NOT NULL,
    fullname text NOT NULL DEFAULT '',
    at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS audit_log_record ON "${schema}".audit_log (resource, record_id, at DESC, id DESC);`;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** A value as the trail stores it: text, or null for nothing. */
export function auditValue(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return vnDateTime(v);
  if (Array.isArray(v)) return v.map((x) => auditValue(x) ?? '').join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The fields whose stored text differs between two versions of a record. */
export function changedFields<R extends object>(before: R, after: R, fields: ReadonlyArray<keyof R & string>): FieldChange[] {
  return fields.filter((f) => auditValue(before[f]) !== auditValue(after[f])).map((f) => ({ field: f, from: before[f], to: after[f] }));
}

/** One row of `GET …/{id}/history` (cskh.common.v1.AuditEntry). */
export interface AuditEntry {
  id: string;
  resource: string;
  record_id: string;
  field: string;
  from_value: string;
  to_value: string;
  username: string;
  fullname: string;
  at: string;
}

export class AuditTrail {
  constructor(readonly schema: string) {}

  /** Writes the changes inside the caller's transaction (nothing when there are none). */
  async record(
    em: EntityManager,
    entry: { resource: string; id: string; who: Pick<Identity, 'username' | 'fullname'>; changes: FieldChange[] },
  ) {
    if (entry.changes.length === 0) return;
    const params: unknown[] = [];
    const rows = entry.changes.map((c) => {
      params.push(entry.resource, entry.id, c.field, auditValue(c.from), auditValue(c.to), entry.who.username, entry.who.fullname ?? '');
      const n = params.length;
      return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await em.query(
      `INSERT INTO "${this.schema}".audit_log (resource, record_id, field, from_value, to_value, username, fullname) VALUES ${rows.join(', ')}`,
      params,
    );
  }

  /** The story of one record, newest first, paged like every list. */
  async history(
    em: EntityManager,
    resource: string,
    id: string,
    page?: number,
    count?: number,
  ): Promise<{ values: AuditEntry[]; count: number }> {
    const paging = toPaging(page, count, 50);
    const [rows, total] = await Promise.all([
      em.query(
        `SELECT id::text, resource, record_id, field, coalesce(from_value, '') AS from_value, coalesce(to_value, '') AS to_value,
                username, fullname, at
           FROM "${this.schema}".audit_log WHERE resource = $1 AND record_id = $2
          ORDER BY at DESC, id DESC ${pageSql(paging)}`,
        [resource, id],
      ) as Promise<Array<Omit<AuditEntry, 'at'> & { at: Date }>>,
      em.query(`SELECT count(*)::int AS n FROM "${this.schema}".audit_log WHERE resource = $1 AND record_id = $2`, [
        resource,
        id,
      ]) as Promise<Array<{ n: number }>>,
    ]);
    return { values: rows.map((r) => ({ ...r, at: vnDateTime(r.at) })), count: total[0]?.n ?? 0 };
  }
}

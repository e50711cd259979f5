import { AppError } from '../core/errors';
import type { Paging } from '../core/paging';

/**
 * Small SQL helpers every service's repositories share: LIKE escaping, id checks, a WHERE
 * builder with numbered parameters, and paging → LIMIT/OFFSET.
 */

/** LIKE's wildcards and escape character taken literally (likeContains, the masked search). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Escapes LIKE wildcards so a filter matches literally: `col ILIKE $n` with likeContains(text). */
export const likeContains = (s: string) => `%${escapeLike(s)}%`;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_RE.test(s);

/**
 * An id from a request: lower-cased uuid, or NOT_FOUND with the resource's message (an id that
 * cannot exist names nothing; it is not the caller's typo to correct field by field).
 */
export function requireId(id: unknown, notFoundMsg?: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notFoundMsg);
  return id.toLowerCase();
}

/** Blank → null; otherwise a uuid or VALIDATION with the given message. */
export function optionalId(id: unknown, invalidMsg: string): string | null {
  if (id === undefined || id === null || String(id).trim() === '') return null;
  if (!isUuid(String(id).trim())) throw new AppError('VALIDATION', invalidMsg);
  return String(id).trim().toLowerCase();
}

/** `WHERE a = $1 AND b ILIKE $2` built clause by clause; `?` stands for the next parameter. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(params: unknown[] = []) {
    this.params.push(...params);
  }

  /** Adds a clause; each `?` in it takes the next value. */
  add(clause: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(clause.replace(/\?/g, () => this.param(values[i++])));
    return this;
  }

  /** Adds the clause only when the value is present (not undefined, null or blank text). */
  addIf(value: unknown, clause: string): this {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return this;
    return this.add(clause, typeof value === 'string' ? value.trim() : value);
  }

  /** Registers a parameter and returns its placeholder ($n). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** LIMIT/OFFSET of a page ('' for the export's "all rows"). */
export function pageSql(p: Pick<Paging, 'skip' | 'take' | 'window'>): string {
  // All rows of a streamed export: one window of them (see Paging.window).
  const w = p.take === undefined ? p.window : p;
  return w?.take === undefined ? '' : `LIMIT ${Math.floor(w.take)} OFFSET ${Math.floor(w.skip)}`;
}

/** PostgreSQL unique-violation (23505), e.g. a username taken between check and insert. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { driverError?: { code?: string } })?.driverError?.code === '23505';

import { Where } from './sql';
import { DAY_MS, VN_OFFSET_MS, type InstantRange } from '../core/time';
import type { Rollup } from './list-types';

interface Term {
  clause: string;
  values: unknown[];
  /** Source columns the clause reads; null = anything (a rollup cannot answer it). */
  columns: readonly string[] | null;
  period?: { column: string; range: InstantRange };
}

/**
 * A list's WHERE that also knows which of its clauses a rollup can answer. Used as a `Where`
 * (the staff scope and existing `add`/`addIf` calls work on it); `eq`, `period` and `over` mark
 * what stays answerable from counters.
 */
export class ListFilter extends Where {
  private readonly terms: Term[] = [];
  private recording: readonly string[] | null = null;

  override add(clause: string, ...values: unknown[]): this {
    this.terms.push({ clause, values, columns: this.recording });
    return super.add(clause, ...values);
  }

  /** `column = value`, skipped when the value is blank; answerable by a rollup keeping `column`. */
  eq(column: string, value: unknown): this {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return this;
    return this.over([column], () => this.add(`${column} = ?`, typeof value === 'string' ? value.trim() : value));
  }

  /** `column >= from AND column < to` (either side optional); a rollup keyed by `column`'s day answers it when both ends are Vietnam midnights. */
  period(column: string, range: InstantRange): this {
    const start = this.terms.length;
    this.addIf(range.from, `${column} >= ?`).addIf(range.to, `${column} < ?`);
    const period = { column, range };
    for (const t of this.terms.slice(start)) {
      t.columns = [];
      t.period = period;
    }
    return this;
  }

  /** Clauses added inside `fn` read only `columns` (e.g. the staff scope over a username column). */
  over(columns: readonly string[], fn: (w: this) => unknown): this {
    const before = this.recording;
    this.recording = columns;
    try {
      fn(this);
    } finally {
      this.recording = before;
    }
    return this;
  }

  /**
   * The filter as two WHEREs over one parameter list: `known` the clauses over named columns
   * (eq, period, `over`: the staff scope), `rest` the others (contains-searches), numbered after
   * them. Undefined when a clause carries a placeholder of its own (built with `param`).
   */
  split(): { known: Where; rest: Where } | undefined {
    if (this.terms.some((t) => /\$\d/.test(t.clause))) return undefined;
    const known = new Where();
    for (const t of this.terms) if (t.columns !== null) known.add(t.clause, ...t.values);
    const rest = new Where(known.params);
    for (const t of this.terms) if (t.columns === null) rest.add(t.clause, ...t.values);
    return { known, rest };
  }

  /** The same filter on a rollup's counters, or undefined when some clause needs the rows themselves. */
  onRollup(r: Rollup): Where | undefined {
    const w = new Where();
    const done = new Set<object>();
    for (const t of this.terms) {
      if (t.period) {
        if (t.period.column !== r.dayColumn || r.grain === 'all') return undefined;
        if (done.has(t.period)) continue; // its other end
        done.add(t.period);
        const { from, to } = t.period.range;
        if ((from && !isVnMidnight(from)) || (to && !isVnMidnight(to))) return undefined;
        if (from) w.add('day >= ?::date', vnIsoDate(from));
        if (to) w.add('day < ?::date', vnIsoDate(to));
        continue;
      }
      if (!t.columns || !t.columns.every((c) => r.dims.includes(c))) return undefined;
      w.add(t.clause, ...t.values);
    }
    return w;
  }
}

const isVnMidnight = (d: Date) => (d.getTime() + VN_OFFSET_MS) % DAY_MS === 0;
const vnIsoDate = (d: Date) => new Date(d.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

/** Figures and plain-text tables of the web bench. */

export const median = (xs: number[]) => quantile(xs, 0.5);
export const p90 = (xs: number[]) => quantile(xs, 0.9);

/** The q-quantile of the values (nearest rank: a value that was measured). */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Columns padded by code points (Vietnamese titles), numbers right-aligned. */
export function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)))];
  const width = head.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const numeric = head.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const line = (r: string[]) =>
    r
      .map((c, i) => {
        const pad = ' '.repeat(width[i] - [...c].length);
        return numeric[i] ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(cells[0]), width.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const fmt = (n: number) => (Number.isNaN(n) ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(2));
export const kib = (bytes: number) => Math.round(bytes / 1024);
export const ms = (n: number) => Math.round(n);

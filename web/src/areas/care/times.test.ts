import { formatDate, formatDateTime } from '../../common/format';

// The care screens show the servers' instants on Vietnam's clock whatever the browser's zone
// (the browser test runs in UTC, after midnight in Vietnam).
describe('formatDateTime on Vietnam time', () => {
  it('shows instants at +07:00', () => {
    expect(formatDateTime('2026-11-23T17:30:00Z')).toBe('24-11-2026 00:30:00');
    expect(formatDateTime('2026-11-24T00:30:00+07:00')).toBe('24-11-2026 00:30:00');
    expect(formatDateTime(Date.UTC(2026, 10, 23, 17, 30))).toBe('24-11-2026 00:30:00');
    expect(formatDate('2026-11-23T17:30:00.000Z')).toBe('24-11-2026');
  });

  it('never shifts a text without a zone, and keeps what it cannot read', () => {
    expect(formatDate('2026-11-24')).toBe('24-11-2026');
    expect(formatDateTime('2026-11-24 10:30:00')).toBe('24-11-2026 10:30:00');
    expect(formatDateTime('abc')).toBe('abc');
  });
});

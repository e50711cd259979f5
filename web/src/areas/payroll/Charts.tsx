import { useEffect, useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../common/format';
import LoadFailed, { loadFailedText } from '../../common/LoadFailed';
import { payrollApi, type DailyRevenue } from './api';
import { dayLabel } from './rules';

export interface ChartPoint {
  name: string;
  value: number;
}

/**
 * A fixed height: a chart in a background tab (display: none) measures 0 × 0, and Recharts warned
 * on every render of it; with its height given, it waits for its width quietly.
 */
const CHART_HEIGHT = 220;

const short = (v: number) =>
  Math.abs(v) >= 1_000_000 ? `${Math.round(v / 100_000) / 10}tr` : Math.abs(v) >= 1000 ? `${Math.round(v / 1000)}k` : String(v);

/**
 * Bars of one figure per staff member or branch, drawn from the rows the table shows (the same
 * answer, so chart and table always agree). `data-points` carries the plotted values for tests.
 */
export function RevenueBars({ testId, title, points }: { testId: string; title: string; points: ChartPoint[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 280 }} data-testid={testId} data-points={JSON.stringify(points)}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ width: '100%', height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <BarChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} />
            <YAxis tickFormatter={short} width={48} />
            <Tooltip formatter={(v) => formatNumber(v)} />
            <Bar dataKey="value" name="Doanh thu" fill="#1976d2" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

/**
 * Revenue per Vietnam day over the filtered period (GET …/reportstaffrevenue/byDay, same filters as
 * the table), asked with each answer the table gets (`tableAnswer`): a search that repeats the same
 * filters shows the sales made since in both.
 */
export function DailyRevenueChart({
  testId,
  filters,
  tableAnswer,
}: {
  testId: string;
  filters: Record<string, unknown>;
  tableAnswer: unknown;
}) {
  const [days, setDays] = useState<DailyRevenue[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(filters);
  useEffect(() => {
    // Asked with the table's answer, not before it as well (one call per search, not two at the first).
    if (tableAnswer === null || tableAnswer === undefined) return;
    let alive = true;
    payrollApi
      .byDay(JSON.parse(key))
      .then((r) => {
        if (!alive) return;
        setDays(r.values);
        setFailed(null);
      })
      .catch((e) => {
        console.error('byDay failed', e);
        if (alive) setFailed(loadFailedText(e));
      });
    return () => {
      alive = false;
    };
  }, [key, attempt, tableAnswer]);
  const points = days.map((d) => ({ name: dayLabel(d.day), value: Number(d.doanh_thu) }));
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 280 }} data-testid={testId} data-points={JSON.stringify(points)}>
      <Typography variant="subtitle2" gutterBottom>
        Doanh thu theo ngày
      </Typography>
      {failed && <LoadFailed text={failed} onRetry={() => setAttempt((n) => n + 1)} testId={`${testId}-load-error`} />}
      <Box sx={{ width: '100%', height: CHART_HEIGHT, display: failed ? 'none' : undefined }}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <LineChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} />
            <YAxis tickFormatter={short} width={48} />
            <Tooltip formatter={(v) => formatNumber(v)} />
            <Line dataKey="value" name="Doanh thu" stroke="#2e7d32" isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

/** Totals line above a report's table. */
export function Totals({ testId, items }: { testId: string; items: Array<{ key: string; label: string; value: unknown }> }) {
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }} data-testid={testId}>
      {items.map(({ key, label, value }) => (
        <Typography key={key} variant="body2" data-testid={`${testId}-${key}`} data-value={String(value ?? 0)}>
          {label}: <b>{formatNumber(value)}</b>
        </Typography>
      ))}
    </Box>
  );
}

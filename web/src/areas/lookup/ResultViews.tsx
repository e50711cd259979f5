import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime, formatNumber, lookupPhone } from '../../common/format';

export { lookupPhone };

/** How a result value is shown. */
export type ValueKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'phone';

export function formatValue(value: unknown, kind: ValueKind = 'text', options?: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  if (options && options[String(value)] !== undefined) return options[String(value)];
  switch (kind) {
    case 'number':
      return formatNumber(value);
    case 'money':
      return `${formatNumber(value)} đ`;
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'phone':
      return lookupPhone(value);
    default:
      return String(value);
  }
}

export interface FieldDef {
  /** The spec's field name (NUMBER_PHONE, PackageCode, …). */
  field: string;
  label: string;
  kind?: ValueKind;
  options?: Record<string, string>;
  render?: (row: Record<string, unknown>) => ReactNode;
}

/** A column or row header: the Vietnamese label only (the API field name is for code, not staff). */
function Label({ label }: { label: string }) {
  return (
    <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
      {label}
    </Box>
  );
}

/** A record of any reply type read by field name (the fields are the carrier's, listed per panel). */
const fieldsOf = (record: object) => record as Record<string, unknown>;

/** One record as a two-column card: label | value. */
export function KeyValueTable({ panel, fields, data }: { panel: string; fields: FieldDef[]; data: object }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Kết quả tra cứu">
        <TableBody>
          {fields.map((f) => (
            <TableRow key={f.field}>
              <TableCell component="th" scope="row" sx={{ width: '42%', verticalAlign: 'top' }}>
                <Label label={f.label} />
              </TableCell>
              <TableCell data-testid={`lookup-field-${panel}-${f.field}`} sx={{ fontSize: 15 }}>
                {f.render ? f.render(fieldsOf(data)) : formatValue(fieldsOf(data)[f.field], f.kind, f.options)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Rows as a table under Vietnamese headers. */
export function RowsTable({
  panel,
  fields,
  rows,
  emptyText = 'Không có dữ liệu',
  startIndex = 0,
  name = 'rows',
}: {
  panel: string;
  fields: FieldDef[];
  rows: readonly object[];
  emptyText?: string;
  startIndex?: number;
  /** Distinguishes two tables of one panel in the row test ids. */
  name?: string;
}) {
  return (
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label="Kết quả tra cứu">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }}>#</TableCell>
            {fields.map((f) => (
              <TableCell key={f.field} align={f.kind === 'number' || f.kind === 'money' ? 'right' : 'left'}>
                <Label label={f.label} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={fields.length + 1}>
                <Typography color="text.secondary" variant="body2" data-testid={`lookup-empty-${panel}`}>
                  {emptyText}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r, i) => (
              <TableRow key={i} hover data-testid={`lookup-${name}-${panel}-${i}`}>
                <TableCell>{startIndex + i + 1}</TableCell>
                {fields.map((f) => (
                  <TableCell
                    key={f.field}
                    align={f.kind === 'number' || f.kind === 'money' ? 'right' : 'left'}
                    sx={{ whiteSpace: f.kind === 'date' || f.kind === 'datetime' ? 'nowrap' : undefined }}
                  >
                    {f.render ? f.render(fieldsOf(r)) : formatValue(fieldsOf(r)[f.field], f.kind, f.options)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

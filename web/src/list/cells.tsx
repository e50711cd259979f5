import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { failText } from '../api/client';
import { DateTimeField } from '../common/DateField';
import StaffPicker from '../common/StaffPicker';
import { formatNumber, toVnDateTimeInput } from '../common/format';
import type { ReactNode } from 'react';
import type { ConfirmOptions } from '../common/confirm';
import { testIdProps } from '../common/testId';
import type { InlineEdit, ListContext, Row, RowAction } from './types';

/** An inline-editable cell: text/number save on Enter, select and datetime on change. */
export function EditableCell<R extends Row>({
  row,
  field,
  edit,
  initial,
  ctx,
  testId,
}: {
  row: R;
  field: string;
  edit: InlineEdit<R>;
  initial: unknown;
  ctx: ListContext<R>;
  testId: string;
}) {
  const toText = (v: unknown) => {
    if (v === null || v === undefined) return '';
    // DD/MM/YYYY HH:mm on Vietnam's clock, as the server reads it back.
    if (edit.type === 'datetime') return toVnDateTimeInput(v);
    return String(v);
  };
  const [value, setValue] = useState(toText(initial));
  const [saving, setSaving] = useState(false);
  // A number reads 70,000 like the read-only cells beside it; while typed in, plain digits.
  const [focused, setFocused] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- resets the text when the cell's value changes; toText is a new closure on every render
  useEffect(() => setValue(toText(initial)), [initial]);

  /** Asks the edit's question first, if it has one: whether to go on. */
  const ask = async <V,>(confirm: string | ConfirmOptions | ((row: R, value: V) => string | ConfirmOptions) | undefined, value: V) =>
    !confirm || ctx.confirm(typeof confirm === 'function' ? confirm(row, value) : confirm);

  const save = async (raw: string) => {
    if (edit.ignoreBlank && !raw.trim()) {
      setValue(toText(initial));
      return;
    }
    if (raw === toText(initial)) return;
    // A number is saved as one (its digits; blank: null), anything else as the text or value chosen.
    const digits = raw.replace(/[^\d-]/g, '');
    const number = digits === '' ? null : Number(digits);
    const goOn = edit.type === 'number' ? await ask(edit.confirm, number) : await ask(edit.confirm, raw);
    if (!goOn) {
      setValue(toText(initial));
      return;
    }
    setSaving(true);
    try {
      await (edit.type === 'number' ? edit.save(row, number, ctx) : edit.save(row, raw, ctx));
      if (edit.successMsg) ctx.notify(edit.successMsg, 'success');
      if (edit.reload !== false) ctx.reload();
    } catch (e) {
      ctx.notify(failText(edit.errorMsg ?? 'Cập nhật thất bại', e), 'error');
      setValue(toText(initial));
    } finally {
      setSaving(false);
    }
  };

  const common = {
    size: 'small' as const,
    variant: 'standard' as const,
    disabled: saving,
    fullWidth: true,
    onClick: (e: React.MouseEvent) => e.stopPropagation(),
    onKeyDown: (e: React.KeyboardEvent) => e.stopPropagation(),
  };

  if (edit.type === 'select') {
    const options = typeof edit.options === 'function' ? edit.options(row, ctx) : (edit.options ?? []);
    return (
      <TextField
        {...common}
        select
        value={options.some((o) => String(o.value) === value) ? value : ''}
        onChange={(e) => {
          setValue(e.target.value);
          void save(e.target.value);
        }}
        slotProps={{
          select: {
            // A long value (a status) wraps onto a second line of the row rather than ending in '…'
            // (inline: the select's own nowrap rule outranks a class).
            SelectDisplayProps: testIdProps(testId, {
              'aria-label': field,
              style: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
            }),
          },
        }}
      >
        {options.map((o) => (
          <MenuItem key={String(o.value)} value={String(o.value)}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (edit.type === 'staff') {
    const options = typeof edit.options === 'function' ? edit.options(row, ctx) : (edit.options ?? []);
    // The grid's own keys (arrows, space) stay out of the picker's typing.
    return (
      <span onClick={common.onClick} onKeyDown={common.onKeyDown} style={{ width: '100%' }}>
        <StaffPicker
          label=""
          value={value}
          options={options.map((o) => ({ value: String(o.value), label: o.label, indent: o.indent }))}
          onChange={(v) => {
            if (!v) return;
            setValue(v);
            void save(v);
          }}
          variant="standard"
          fullWidth
          disabled={saving}
          testId={testId}
        />
      </span>
    );
  }
  if (edit.type === 'datetime') {
    // Saved once chosen in the picker, or typed whole and confirmed (Enter, leaving the field).
    return (
      <span onClick={common.onClick}>
        <DateTimeField
          value={value}
          onChange={setValue}
          onAccept={(v) => void save(v)}
          variant="standard"
          fullWidth
          disabled={saving}
          testId={testId}
        />
      </span>
    );
  }
  const isNumber = edit.type === 'number';
  return (
    <TextField
      {...common}
      type="text"
      value={isNumber && !focused ? formatNumber(value) : value}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(e) => setValue(isNumber ? e.target.value.replace(/[^\d-]/g, '') : e.target.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') void save(value);
        if (e.key === 'Escape') setValue(toText(initial));
      }}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          'aria-label': field,
          ...(isNumber ? { inputMode: 'numeric' as const, style: { textAlign: 'right' as const } } : {}),
        },
      }}
    />
  );
}

/** A row action's setting given as is or as a function of the row. */
function resolve<R, T>(v: T | ((row: R) => T), row: R): T {
  return typeof v === 'function' ? (v as (row: R) => T)(row) : v;
}

export function ActionButtons<R extends Row>({
  row,
  rowId,
  actions,
  ctx,
  listId,
}: {
  row: R;
  rowId: string;
  actions: RowAction<R>[];
  ctx: ListContext<R>;
  listId: string;
}) {
  const [busy, setBusy] = useState(false);
  const runAction = async (a: RowAction<R>) => {
    if (a.confirm && !(await ctx.confirm(resolve(a.confirm, row)))) return;
    const out = a.run(row, ctx);
    if (!out || typeof (out as Promise<unknown>).then !== 'function') return;
    setBusy(true);
    try {
      const result = await out;
      if (a.successMsg) ctx.notify(typeof a.successMsg === 'function' ? a.successMsg(row, result) : a.successMsg, 'success');
      if (a.reload !== false) ctx.reload();
    } catch (e) {
      const fixed = a.errorMsg ? resolve(a.errorMsg, row) : 'Thao tác không thành công';
      ctx.notify(failText(fixed, e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 2 }}>
      {actions
        .filter((a) => !a.visible || a.visible(row, ctx))
        .map((a) => {
          const label = resolve(a.label, row);
          return (
            <Tooltip key={a.key} title={label}>
              <span>
                <IconButton
                  size="small"
                  color={a.color ?? 'default'}
                  aria-label={label}
                  disabled={busy}
                  data-testid={a.testId ? a.testId(row) : `${listId}-${a.key}-${rowId}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    void runAction(a);
                  }}
                >
                  {resolve<R, ReactNode>(a.icon, row)}
                </IconButton>
              </span>
            </Tooltip>
          );
        })}
    </span>
  );
}

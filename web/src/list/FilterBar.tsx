import { memo, useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DateField, { MonthField } from '../common/DateField';
import StaffPicker from '../common/StaffPicker';
import { testIdProps } from '../common/testId';
import type { FilterDef, ListContext, SelectOption } from './types';

interface FieldProps {
  def: FilterDef;
  /** What the filter holds: the text typed, the value picked (a select's option value), a date as typed. */
  value: unknown;
  ctx: ListContext;
  listId: string;
  onChange: (value: unknown, apply: boolean) => void;
  onEnter: () => void;
}

function useOptions(def: FilterDef, ctx: ListContext): SelectOption[] {
  const [loaded, setLoaded] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!def.loadOptions) return;
    let alive = true;
    def
      .loadOptions(ctx)
      .then((o) => alive && setLoaded(o))
      .catch((e) => console.warn('filter options', def.key, e));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options load once per screen mount; `def` and `ctx` are new objects on every render
  }, []);
  const base = def.loadOptions ? loaded : typeof def.options === 'function' ? def.options(ctx) : (def.options ?? []);
  return def.allLabel !== undefined ? [{ value: '', label: def.allLabel }, ...base] : base;
}

function SelectField({ def, value, ctx, listId, onChange }: FieldProps) {
  const options = useOptions(def, ctx);
  const apply = def.autoApply ?? true;
  return (
    <TextField
      select
      label={def.label}
      value={options.some((o) => String(o.value) === String(value ?? '')) ? (value ?? '') : ''}
      onChange={(e) => onChange(e.target.value, apply)}
      // At least its configured width, wider when the chosen value needs it: a value is never cut ('Đang ch…').
      sx={{ minWidth: def.width ?? 200 }}
      slotProps={{
        // displayEmpty: the 'all' option (value '') shows its label instead of a blank box.
        select: {
          displayEmpty: def.allLabel !== undefined,
          SelectDisplayProps: testIdProps(def.testId ?? `${listId}-filter-${def.key}`),
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem
          key={String(o.value)}
          value={o.value}
          sx={o.indent ? { pl: 2 + o.indent * 2.5 } : undefined}
          data-testid={`${def.testId ?? `${listId}-filter-${def.key}`}-option-${o.value === '' ? 'all' : o.value}`}
        >
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The searchable staff picker (hierarchy with '--'/'----'); options from loadOptions, 'all' from allLabel. */
function StaffField({ def, value, ctx, listId, onChange }: FieldProps) {
  const options = useOptions({ ...def, allLabel: undefined }, ctx);
  return (
    <StaffPicker
      label={def.label}
      value={String(value ?? '')}
      options={options.map((o) => ({ value: String(o.value), label: o.label, indent: o.indent }))}
      allLabel={def.allLabel}
      width={def.width}
      testId={def.testId ?? `${listId}-filter-${def.key}`}
      onChange={(v) => onChange(v, def.autoApply ?? true)}
    />
  );
}

function Field(props: FieldProps) {
  const { def, value, listId, onChange, onEnter } = props;
  const testId = def.testId ?? `${listId}-filter-${def.key}`;
  if (def.type === 'select') return <SelectField {...props} />;
  if (def.type === 'staff') return <StaffField {...props} />;
  if (def.type === 'month')
    return (
      <MonthField
        label={def.label}
        value={String(value ?? '')}
        width={def.width}
        testId={testId}
        onChange={(v) => onChange(v, def.autoApply ?? false)}
        onEnter={onEnter}
      />
    );
  if (def.type === 'date')
    return (
      <DateField
        label={def.label}
        value={String(value ?? '')}
        width={def.width}
        testId={testId}
        onChange={(v) => onChange(v, def.autoApply ?? false)}
        onEnter={onEnter}
      />
    );
  return (
    <TextField
      label={def.label}
      placeholder={def.placeholder}
      value={value ?? ''}
      type={def.type === 'number' ? 'number' : 'text'}
      onChange={(e) => onChange(e.target.value, def.autoApply ?? false)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter();
      }}
      sx={{ width: def.width ?? 240 }}
      slotProps={{ htmlInput: { 'data-testid': testId, 'aria-label': def.label ?? def.placeholder } }}
    />
  );
}

/**
 * One filter of a list's toolbar. Drawn again only when what it shows can change: its definition,
 * its value, the session or the applied filters; not when the list's rows, its loading state or its
 * layout change (a list's filters, date pickers among them, were half the work of each of those).
 * The list hands it handlers that read the list's latest state, so an older one is as good.
 */
export const FilterField = memo(
  Field,
  (a, b) =>
    a.def === b.def && a.value === b.value && a.listId === b.listId && a.ctx.session === b.ctx.session && a.ctx.filters === b.ctx.filters,
);

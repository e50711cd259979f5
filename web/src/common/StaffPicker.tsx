import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { filterStaff, plainStaffText, staffOptionText, type StaffPick } from './StaffPicker.rules';

export type { StaffPick };
export { plainStaffText, staffOptionText };

export interface StaffPickerProps {
  label?: string;
  /** The chosen username; '' = none, or the 'all' option when `allLabel` is given. */
  value: string;
  onChange: (username: string) => void;
  /** Options in the hierarchy's order (branch → its leaders → their salespeople), or a loader. */
  options?: readonly StaffPick[];
  load?: () => Promise<StaffPick[]>;
  /** Adds a first option with value '' (e.g. 'Tất cả'). */
  allLabel?: string;
  width?: number;
  /** data-testid of the input; each option is `<testId>-option-<username>` ('all' for ''). */
  testId?: string;
  variant?: 'standard' | 'outlined';
  fullWidth?: boolean;
  disabled?: boolean;
}

const ALL = '';

/**
 * The one staff picker of the app: a searchable list (MUI Autocomplete) in the
 * hierarchy's order, leaders prefixed '--' and salespeople '----' and indented (spec 2 §1); typing
 * finds a person by username or name, diacritics and case ignored. The options come from a server
 * route the screen's own permission opens (the caller's subtree); the closed picker shows the
 * chosen person without dashes.
 */
export default function StaffPicker({
  label = 'Nhân viên',
  value,
  onChange,
  options,
  load,
  allLabel,
  width = 240,
  testId,
  variant,
  fullWidth,
  disabled,
}: StaffPickerProps) {
  const [loaded, setLoaded] = useState<StaffPick[]>([]);
  useEffect(() => {
    if (!load) return;
    let alive = true;
    load()
      .then((o) => alive && setLoaded(o))
      .catch((e) => console.warn('staff picker options', e));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list loads once per mount; `load` is a new closure on every render of the caller
  }, []);
  const all = useMemo<StaffPick[]>(() => {
    const base = (options ?? loaded).map((o) => ({ ...o, label: plainStaffText(o.label) }));
    return allLabel !== undefined ? [{ value: ALL, label: allLabel, indent: 0 }, ...base] : base;
  }, [options, loaded, allLabel]);
  const chosen = all.find((o) => o.value === (value ?? '')) ?? null;
  return (
    <Autocomplete
      options={all}
      value={chosen}
      disabled={disabled}
      onChange={(_e, o) => onChange(o ? o.value : ALL)}
      isOptionEqualToValue={(o, v) => o.value === v.value}
      getOptionLabel={(o) => o.label}
      // The 'all' option stays first whatever is typed; the rest keep the hierarchy's order.
      filterOptions={(opts, state) => {
        const people = opts.filter((o) => o.value !== ALL);
        const found = filterStaff(people, state.inputValue === chosen?.label ? '' : state.inputValue);
        return allLabel !== undefined ? [opts[0], ...found] : found;
      }}
      noOptionsText="Không tìm thấy nhân viên"
      openText="Mở danh sách"
      closeText="Đóng danh sách"
      clearText="Xoá"
      autoHighlight
      sx={fullWidth ? undefined : { width }}
      fullWidth={fullWidth}
      size="small"
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li
            key={key}
            {...rest}
            data-testid={testId ? `${testId}-option-${o.value === ALL ? 'all' : o.value}` : undefined}
            style={{ paddingLeft: 16 + (o.indent ?? 0) * 20 }}
          >
            {o.value === ALL ? o.label : staffOptionText(o)}
          </li>
        );
      }}
      renderInput={(p) => (
        <TextField
          {...p}
          label={label}
          variant={variant}
          placeholder="Gõ tên hoặc tên đăng nhập"
          slotProps={{
            ...p.slotProps,
            inputLabel: { ...(p.slotProps?.inputLabel ?? {}), shrink: true },
            htmlInput: { ...p.slotProps.htmlInput, 'data-testid': testId, 'aria-label': label || 'Nhân viên' },
          }}
        />
      )}
    />
  );
}

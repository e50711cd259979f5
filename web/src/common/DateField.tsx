import { useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { dayjs, FILTER_DATE_FORMAT, parseFilterDate } from './format';

export interface DateFieldProps {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onEnter?: () => void;
  width?: number;
  testId?: string;
}

/** A DD/MM/YYYY date input: typed text, or picked with the browser's calendar. */
export default function DateField({ label, value, onChange, onEnter, width = 160, testId }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const invalid = !!value && !parseFilterDate(value);
  const iso = parseFilterDate(value)?.format('YYYY-MM-DD') ?? '';
  return (
    <TextField
      label={label}
      placeholder={FILTER_DATE_FORMAT}
      value={value}
      error={invalid}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter?.();
      }}
      sx={{ width }}
      slotProps={{
        htmlInput: { 'data-testid': testId, inputMode: 'numeric' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={`Chọn ngày${label ? ` ${label}` : ''}`}
                onClick={() => {
                  const el = picker.current;
                  if (!el) return;
                  try {
                    el.showPicker();
                  } catch {
                    el.click();
                  }
                }}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={iso}
                onChange={(e) => {
                  if (e.target.value) onChange(dayjs(e.target.value, 'YYYY-MM-DD').format(FILTER_DATE_FORMAT));
                }}
                style={{ position: 'absolute', opacity: 0, width: 0, height: 0, pointerEvents: 'none', right: 0, bottom: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

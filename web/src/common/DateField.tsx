import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/vi';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { viVN } from '@mui/x-date-pickers/locales';
import { dayjs, FILTER_DATE_FORMAT, FILTER_DATETIME_FORMAT } from './format';

/**
 * Date and date-time inputs: MUI X pickers in Vietnamese (dayjs 'vi'), typed or picked, always
 * DD/MM/YYYY and 24-hour HH:mm whatever the browser's language. Values go in and out as the text
 * the server reads (Vietnam's wall clock), so no time zone is applied on the way.
 */
const localeText = viVN.components.MuiLocalizationProvider.defaultProps.localeText;

export function PickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="vi" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

/** The picker's own value for a text: parsed strictly, null when empty or not a date. */
function parse(text: string, format: string): Dayjs | null {
  if (!text) return null;
  const d = dayjs(text, format, true);
  return d.isValid() ? d : null;
}

/**
 * The picker keeps what is half typed (an invalid date) while the text it reports stays '' until
 * the date is whole; a new text from outside (a reset, a default) replaces it.
 */
function usePickerValue(value: string, format: string, onChange: (v: string) => void) {
  const [picked, setPicked] = useState<Dayjs | null>(() => parse(value, format));
  const reported = useRef(value);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setPicked(parse(value, format));
  }, [value, format]);
  const change = (d: Dayjs | null) => {
    setPicked(d);
    const text = d && d.isValid() ? d.format(format) : '';
    if (text === reported.current) return;
    reported.current = text;
    onChange(text);
  };
  return { picked, change, invalid: !!picked && !picked.isValid() };
}

/** data-testid on the field (typed into) and `<id>-value` on its hidden input (the text). */
const testIds = (testId?: string) =>
  testId
    ? { 'data-testid': testId, slotProps: { htmlInput: { 'data-testid': `${testId}-value` } as React.ComponentPropsWithRef<'input'> } }
    : {};

export interface DateFieldProps {
  label?: string;
  /** DD/MM/YYYY, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onEnter?: () => void;
  width?: number;
  testId?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}

/** A DD/MM/YYYY date. */
export default function DateField({ label, value, onChange, onEnter, width = 170, testId, required, error, helperText }: DateFieldProps) {
  const { picked, change, invalid } = usePickerValue(value, FILTER_DATE_FORMAT, onChange);
  return (
    <PickersProvider>
      <DatePicker
        label={label}
        format={FILTER_DATE_FORMAT}
        value={picked}
        onChange={change}
        slotProps={{
          textField: {
            size: 'small',
            required,
            error: error || invalid,
            helperText,
            sx: { width },
            onKeyDown: (e) => {
              if (e.key === 'Enter') onEnter?.();
            },
            // The field is a group of sections (typed into by keyboard); the hidden input holds the text.
            ...testIds(testId),
          },
          openPickerButton: { 'aria-label': `Chọn ngày${label ? ` ${label}` : ''}` },
        }}
      />
    </PickersProvider>
  );
}

export interface DateTimeFieldProps extends Omit<DateFieldProps, 'value' | 'onEnter'> {
  /** DD/MM/YYYY HH:mm (Vietnam's clock), or '' for none. */
  value: string;
  /** Called with the value once it is chosen in the picker or typed whole and the field left. */
  onAccept?: (value: string) => void;
  variant?: 'standard' | 'outlined';
  fullWidth?: boolean;
  disabled?: boolean;
}

/** A DD/MM/YYYY HH:mm date and time, 24-hour. */
export function DateTimeField({
  label,
  value,
  onChange,
  onAccept,
  width,
  testId,
  required,
  error,
  helperText,
  variant,
  fullWidth,
  disabled,
}: DateTimeFieldProps) {
  const { picked, change, invalid } = usePickerValue(value, FILTER_DATETIME_FORMAT, onChange);
  const accept = (d: Dayjs | null) => onAccept?.(d && d.isValid() ? d.format(FILTER_DATETIME_FORMAT) : '');
  return (
    <PickersProvider>
      <DateTimePicker
        label={label}
        format={FILTER_DATETIME_FORMAT}
        ampm={false}
        value={picked}
        onChange={change}
        onAccept={accept}
        disabled={disabled}
        slotProps={{
          textField: {
            size: 'small',
            variant,
            fullWidth,
            required,
            error: error || invalid,
            helperText,
            sx: width ? { width } : undefined,
            onBlur: () => {
              if (picked && picked.isValid()) accept(picked);
            },
            onKeyDown: (e) => {
              e.stopPropagation();
              if (e.key === 'Enter' && picked && picked.isValid()) accept(picked);
            },
            // The field is a group of sections (typed into by keyboard); the hidden input holds the text.
            ...testIds(testId),
          },
          openPickerButton: { 'aria-label': `Chọn ngày giờ${label ? ` ${label}` : ''}` },
        }}
      />
    </PickersProvider>
  );
}

/** The month a payroll sheet is for: MM/YYYY. */
export const MONTH_FORMAT = 'MM/YYYY';

/**
 * A month picker (spec 2 §2.7: 'month-year picker (MM/YYYY)'): typed as MM/YYYY or picked from the
 * year, then the month, in Vietnamese. The value is the text the server reads ('' while half typed).
 */
export function MonthField({ label, value, onChange, onEnter, width = 170, testId, required, error, helperText }: DateFieldProps) {
  const { picked, change, invalid } = usePickerValue(value, MONTH_FORMAT, onChange);
  return (
    <PickersProvider>
      <DatePicker
        label={label}
        format={MONTH_FORMAT}
        views={['year', 'month']}
        value={picked}
        onChange={change}
        slotProps={{
          textField: {
            size: 'small',
            required,
            error: error || invalid,
            helperText,
            sx: { width },
            onKeyDown: (e) => {
              if (e.key === 'Enter') onEnter?.();
            },
            ...testIds(testId),
          },
          openPickerButton: { 'aria-label': `Chọn tháng${label ? ` ${label}` : ''}` },
        }}
      />
    </PickersProvider>
  );
}

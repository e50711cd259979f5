/**
 * ─── Generic form dialog: configuration API ─────────────────────────────────────────────────
 *
 * A create/edit dialog is a `FormConfig` rendered by `<FormDialog config={…} open row mode />`:
 *
 *   fields        FieldDef[] in display order. type: 'text' | 'number' | 'money' (shown 0,0, sent
 *                 as a number) | 'select' (static `options`, or `loadOptions` from the server,
 *                 reloaded when `optionsKey(values)` changes) | 'date' (DD/MM/YYYY) | 'datetime'
 *                 (DD/MM/YYYY HH:mm, Vietnam's clock) | 'password'
 *                 | 'checkbox' | 'custom' (`render`, e.g. a permission checklist).
 *                 `required` (or a function of the values); `requiredMsg` a field's own alert.
 *                 `visibleTo(viewer)` shows a field by role (e.g. `(v) => isManager(v.priority)`);
 *                 `visible(values, ctx)` by the other values (hidden fields are neither checked
 *                 nor sent). `modes` limits a field to 'create' or 'edit'; `readOnlyIn` shows it
 *                 disabled. `initial(row)` reads the edit value from the row (default row[key]),
 *                 `default` the create value. `omitBlank` leaves a blank value out of the request.
 *                 `resets` clears other fields when this one changes (brand → group);
 *                 `derive(values)` fills other fields from this one's change (amount ⇄ transfer).
 *   requiredAlert the alert when a required field is empty (default REQUIRED_ALERT).
 *   submit        (values, ctx) → promise; values are cleaned: text trimmed, money and number
 *                 stripped to numbers, hidden fields dropped. The dialog shows `successMsg` as a
 *                 toast, or on failure `errorMsg` plus the server's msg (toast and inline alert).
 *
 * Test ids (prefix = `testIdPrefix`): `<prefix>-dialog`, `<prefix>-<key>` (the input; for a select
 * its display), `<prefix>-<key>-option-<testKey | label>`, `<prefix>-alert`, `<prefix>-submit`,
 * `<prefix>-cancel`.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { ReactNode } from 'react';
import type { Session } from '../common/session';

export type FormMode = 'create' | 'edit';
export type FieldType = 'text' | 'number' | 'money' | 'select' | 'date' | 'datetime' | 'password' | 'checkbox' | 'custom';
/** The values as typed, by field key: text as typed (money with its separators), a select's value, a checkbox's boolean, a custom field's own. */
export type FormValues = Record<string, unknown>;

export const REQUIRED_ALERT = '[Lỗi] Có trường bắt buộc chưa được nhập hoặc chưa được chọn';

export interface FormOption {
  value: string;
  label: string;
  /** Option test id suffix when the label is not a good one (e.g. a username). */
  testKey?: string;
  indent?: number;
  /** The server row behind the option (e.g. a role with its priority), read back by the form that put it there. */
  data?: unknown;
}

/** What field callbacks see besides the values. */
export interface FormContext<R = unknown> {
  viewer: Session;
  mode: FormMode;
  /** The row being edited (null when creating). */
  row: R | null;
  /** Options of every select, as loaded. */
  options: Record<string, FormOption[]>;
}

export interface CustomFieldProps {
  value: unknown;
  setValue: (v: unknown) => void;
  values: FormValues;
  ctx: FormContext;
  testId: string;
  error: boolean;
}

export interface FieldDef<R = unknown> {
  key: string;
  label: string;
  type: FieldType;
  required?: boolean | ((values: FormValues, ctx: FormContext<R>) => boolean);
  /** The alert when this field is the first empty required one (overrides the form's). */
  requiredMsg?: string;
  visibleTo?: (viewer: Session) => boolean;
  visible?: (values: FormValues, ctx: FormContext<R>) => boolean;
  modes?: FormMode[];
  readOnlyIn?: FormMode[];
  initial?: (row: R) => unknown;
  default?: unknown;
  omitBlank?: boolean;
  resets?: string[];
  /**
   * Other fields this one's change fills in (e.g. a face amount fills the transfer amount, and back):
   * called with the values after the change; the answer is merged in as if typed (money formatted).
   */
  derive?: (values: FormValues) => FormValues;
  /** Text and password: keep digits only while typing (phones). */
  digitsOnly?: boolean;
  options?: FormOption[] | ((values: FormValues, ctx: FormContext<R>) => FormOption[]);
  loadOptions?: (values: FormValues, ctx: FormContext<R>) => Promise<FormOption[]>;
  /** Reload key of loadOptions (default: load once per opening); undefined/'' = no options. */
  optionsKey?: (values: FormValues) => string | undefined;
  /**
   * When loadOptions fails, the field shows the server's msg under it (red) followed by this hint of
   * what to do (e.g. who adds the missing data, and where); without a hint, the msg alone.
   */
  loadErrorHint?: string | ((values: FormValues) => string);
  /** A blank first choice with this label (select). */
  emptyLabel?: string;
  helperText?: (values: FormValues, ctx: FormContext<R>) => string | undefined;
  placeholder?: string;
  autoComplete?: string;
  render?: (props: CustomFieldProps) => ReactNode;
}

/**
 * A dialog editing rows of type R (the list's proto message; null when creating) and sending V: the
 * cleaned values (see `submit` above), typed as the route's request the fields fill in.
 */
export interface FormConfig<R = unknown, V extends object = FormValues> {
  title: string | ((mode: FormMode) => string);
  fields: FieldDef<R>[];
  requiredAlert?: string;
  submit: (values: V, ctx: FormContext<R>) => Promise<unknown>;
  successMsg?: string | ((mode: FormMode) => string);
  errorMsg?: string | ((mode: FormMode) => string);
  submitLabel?: string | ((mode: FormMode) => string);
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}

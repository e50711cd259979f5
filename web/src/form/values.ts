/** The form dialog's value handling as plain functions (unit-tested without a browser). */
import { formatNumber, parseFilterDate, parseFilterDateTime } from '../common/format';
import type { FieldDef, FormContext, FormMode, FormValues } from './types';

/** Digits of a typed amount ('1,234,500 đ' → '1234500'). */
export function moneyDigits(text: unknown): string {
  return String(text ?? '')
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '');
}

/** An amount as the input shows it: thousands separators (0,0); blank stays blank. */
export function formatMoneyInput(text: unknown): string {
  const d = moneyDigits(text);
  return d ? formatNumber(Number(d)) : '';
}

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Set) return value.size === 0;
  return false;
}

function emptyValueOf<R>(field: FieldDef<R>): unknown {
  if (field.type === 'checkbox') return false;
  if (field.type === 'custom') return undefined;
  return '';
}

/** Initial values: from the row when editing (field.initial or row[key]), else the field defaults. */
export function initialValues<R>(fields: FieldDef<R>[], mode: FormMode, row: R | null | undefined): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    let v: unknown;
    if (mode === 'edit' && row) v = f.initial ? f.initial(row) : (row as Record<string, unknown>)[f.key];
    else v = typeof f.default === 'function' ? (f.default as () => unknown)() : f.default;
    if (v === undefined || v === null) v = emptyValueOf(f);
    if (f.type === 'money' && !isBlank(v)) v = formatMoneyInput(v);
    if ((f.type === 'number' || f.type === 'text' || f.type === 'select') && typeof v === 'number') v = String(v);
    out[f.key] = v;
  }
  return out;
}

/** Is the field shown to this viewer, in this mode, with these values? */
export function isFieldVisible<R>(field: FieldDef<R>, values: FormValues, ctx: FormContext<R>): boolean {
  if (field.modes && !field.modes.includes(ctx.mode)) return false;
  if (field.visibleTo && !field.visibleTo(ctx.viewer)) return false;
  if (field.visible && !field.visible(values, ctx)) return false;
  return true;
}

export function isFieldRequired<R>(field: FieldDef<R>, values: FormValues, ctx: FormContext<R>): boolean {
  if (field.readOnlyIn?.includes(ctx.mode)) return false;
  return typeof field.required === 'function' ? field.required(values, ctx) : !!field.required;
}

/** Shown, required fields left empty (a checkbox counts as filled only when ticked). */
export function missingRequired<R>(fields: FieldDef<R>[], values: FormValues, ctx: FormContext<R>): FieldDef<R>[] {
  return fields.filter((f) => {
    if (!isFieldVisible(f, values, ctx) || !isFieldRequired(f, values, ctx)) return false;
    const v = values[f.key];
    return f.type === 'checkbox' ? v !== true : isBlank(f.type === 'money' ? moneyDigits(v) : v);
  });
}

/** Fields whose value is filled but malformed (dates not DD/MM/YYYY, date-times not DD/MM/YYYY HH:mm). */
export function invalidFields<R>(fields: FieldDef<R>[], values: FormValues, ctx: FormContext<R>): FieldDef<R>[] {
  return fields.filter((f) => {
    if ((f.type !== 'date' && f.type !== 'datetime') || !isFieldVisible(f, values, ctx) || isBlank(values[f.key])) return false;
    const text = String(values[f.key]).trim();
    return f.type === 'date' ? !parseFilterDate(text) : !parseFilterDateTime(text);
  });
}

/** The alert for a refused submit: the first missing field's own text, else the form's. */
export function requiredAlertFor(missing: Pick<FieldDef, 'requiredMsg'>[], formAlert: string): string {
  // The first missing field in display order decides: the spec checks the common fields before the
  // questions with their own text (spec 2 §5: the refund dialog's '[Lỗi]…' before 'Bạn chưa trả lời…').
  return missing[0]?.requiredMsg ?? formAlert;
}

/**
 * The values sent: shown fields only (read-only ones too), text trimmed (passwords as typed),
 * money and number as numbers, blank `omitBlank` fields left out.
 */
export function submitValues<R>(fields: FieldDef<R>[], values: FormValues, ctx: FormContext<R>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (!isFieldVisible(f, values, ctx)) continue;
    let v = values[f.key];
    if (f.omitBlank && isBlank(f.type === 'money' ? moneyDigits(v) : v)) continue;
    switch (f.type) {
      case 'money': {
        const d = moneyDigits(v);
        v = d ? Number(d) : null;
        break;
      }
      case 'number': {
        const s = String(v ?? '').trim();
        v = s === '' || !Number.isFinite(Number(s)) ? null : Number(s);
        break;
      }
      case 'text':
      case 'select':
      case 'date':
      case 'datetime':
        v = typeof v === 'string' ? v.trim() : v;
        break;
      default:
        break;
    }
    out[f.key] = v;
  }
  return out;
}

/** A change to one field: typed text cleaned by the field's rules, dependent fields cleared. */
export function applyChange<R>(fields: FieldDef<R>[], values: FormValues, key: string, raw: unknown): FormValues {
  const f = fields.find((x) => x.key === key);
  let v = raw;
  if (f?.type === 'money') v = formatMoneyInput(raw);
  else if (f?.type === 'number') v = String(raw ?? '').replace(/[^\d-]/g, '');
  else if (f?.digitsOnly) v = String(raw ?? '').replace(/\D/g, '');
  const next: FormValues = { ...values, [key]: v };
  for (const r of f?.resets ?? []) {
    const dep = fields.find((x) => x.key === r);
    if (dep) next[r] = emptyValueOf(dep);
  }
  for (const [k, dv] of Object.entries(f?.derive?.(next) ?? {})) {
    const dep = fields.find((x) => x.key === k);
    next[k] = dep?.type === 'money' ? formatMoneyInput(dv) : dv;
  }
  return next;
}

/**
 * What a select whose options failed to load says under itself: the server's msg (or a generic
 * one when the failure carried none), then the field's hint of what to do, as one sentence each.
 */
export function loadFailureText(msg: string, hint?: string): string {
  const said = msg.trim() || 'Không tải được danh sách lựa chọn';
  const end = /[.!?]$/.test(said) ? said : `${said}.`;
  return hint?.trim() ? `${end} ${hint.trim()}` : end;
}

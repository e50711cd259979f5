import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMsg, failText } from '../api/client';
import DateField, { DateTimeField } from '../common/DateField';
import { useSession } from '../common/session';
import { notify } from '../store';
import { REQUIRED_ALERT, type FieldDef, type FormConfig, type FormContext, type FormMode, type FormOption, type FormValues } from './types';
import {
  applyChange,
  initialValues,
  invalidFields,
  isFieldRequired,
  isFieldVisible,
  loadFailureText,
  missingRequired,
  requiredAlertFor,
  submitValues,
} from './values';
import { testIdProps } from '../common/testId';

const text = (t: string | ((m: FormMode) => string) | undefined, mode: FormMode) => (typeof t === 'function' ? t(mode) : t);

/** Loads the options of every select with `loadOptions`, again whenever its `optionsKey` changes. */
function useLoadedOptions<R>(fields: FieldDef<R>[], values: FormValues, ctxBase: Omit<FormContext<R>, 'options'>, open: boolean) {
  const [loaded, setLoaded] = useState<Record<string, FormOption[]>>({});
  /** Per field, the failure of its last load (the server's msg, '' for one without a msg); absent = none. */
  const [failed, setFailed] = useState<Record<string, string>>({});
  const clearFailure = (key: string) =>
    setFailed((o) => {
      if (!(key in o)) return o;
      const { [key]: _gone, ...rest } = o;
      return rest;
    });
  // A field the viewer's role never sees loads nothing (a salesperson's order dialog asked for the
  // staff picker and got 403 on every opening).
  const keys = fields.map((f) =>
    f.loadOptions && open && (!f.visibleTo || f.visibleTo(ctxBase.viewer)) ? (f.optionsKey ? (f.optionsKey(values) ?? '') : '*') : '',
  );
  const keySig = keys.join('\u0001');
  const valuesRef = useRef(values);
  valuesRef.current = values;
  useEffect(() => {
    if (!open) return;
    let alive = true;
    fields.forEach((f, i) => {
      if (!f.loadOptions) return;
      if (!keys[i]) {
        setLoaded((o) => ({ ...o, [f.key]: [] }));
        clearFailure(f.key);
        return;
      }
      f.loadOptions(valuesRef.current, { ...ctxBase, options: {} })
        .then((opts) => {
          if (!alive) return;
          setLoaded((o) => ({ ...o, [f.key]: opts }));
          clearFailure(f.key);
        })
        .catch((e) => {
          console.warn('form options', f.key, e);
          if (!alive) return;
          setLoaded((o) => ({ ...o, [f.key]: [] }));
          // Shown under the field: an empty select alone left the user guessing.
          setFailed((o) => ({ ...o, [f.key]: errorMsg(e) }));
        });
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads on opening and when an options key changes; keys, ctxBase and clearFailure are rebuilt on every render (each keystroke)
  }, [open, keySig]);
  return { loaded, failed };
}

/**
 * The generic create/edit dialog built from a field list (see ./types.ts for the configuration).
 * Create and edit are one dialog: `mode` picks the fields and `row` gives the edit values.
 */
export default function FormDialog<R, V extends object = FormValues>({
  config,
  open,
  mode,
  row = null,
  testIdPrefix,
  onClose,
  onSaved,
}: {
  config: FormConfig<R, V>;
  open: boolean;
  mode: FormMode;
  row?: R | null;
  testIdPrefix: string;
  onClose: () => void;
  onSaved: (result: unknown) => void;
}) {
  const viewer = useSession();
  const fields = config.fields;
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, mode, row));
  const [touched, setTouched] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(initialValues(fields, mode, row));
    setTouched(false);
    setAlert(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resets on opening or for another record; a caller's new field list on a re-render must not wipe what is typed
  }, [open, mode, row]);

  const ctxBase = useMemo(() => ({ viewer, mode, row }), [viewer, mode, row]);
  const { loaded, failed: loadFailures } = useLoadedOptions(fields, values, ctxBase, open);
  const ctx: FormContext<R> = useMemo(() => {
    const options: Record<string, FormOption[]> = { ...loaded };
    const c: FormContext<R> = { ...ctxBase, options };
    for (const f of fields)
      if (!f.loadOptions && f.options) options[f.key] = typeof f.options === 'function' ? f.options(values, c) : f.options;
    return c;
  }, [ctxBase, loaded, fields, values]);

  const shown = fields.filter((f) => isFieldVisible(f, values, ctx));
  const missing = new Set(missingRequired(fields, values, ctx).map((f) => f.key));
  const invalid = new Set(invalidFields(fields, values, ctx).map((f) => f.key));

  const setValue = (key: string, v: unknown) => setValues((vals) => applyChange(fields, vals, key, v));

  const submit = async () => {
    setTouched(true);
    const miss = missingRequired(fields, values, ctx);
    if (miss.length) {
      setAlert(requiredAlertFor(miss, config.requiredAlert ?? REQUIRED_ALERT));
      return;
    }
    const bad = invalidFields(fields, values, ctx);
    if (bad.length) {
      setAlert(
        `${bad[0].label}: ${bad[0].type === 'datetime' ? 'thời gian không hợp lệ (DD/MM/YYYY HH:mm)' : 'ngày không hợp lệ (DD/MM/YYYY)'}`,
      );
      return;
    }
    setAlert(null);
    setSaving(true);
    try {
      // The fields fill in the request the form declares (V): the server checks what arrives.
      const result = await config.submit(submitValues(fields, values, ctx) as V, ctx);
      const ok = text(config.successMsg, mode);
      if (ok) notify(ok, 'success');
      onSaved(result);
    } catch (e) {
      const fixed = text(config.errorMsg, mode);
      const msg = errorMsg(e) || (e as Error)?.message || '';
      setAlert(msg || fixed || '[Lỗi]');
      notify(fixed ? failText(fixed, e) : `[Lỗi] ${msg}`.trim(), 'error');
    } finally {
      setSaving(false);
    }
  };

  const renderField = (f: FieldDef<R>) => {
    const testId = `${testIdPrefix}-${f.key}`;
    const readOnly = !!f.readOnlyIn?.includes(mode);
    const required = isFieldRequired(f, values, ctx);
    const error = touched && (missing.has(f.key) || invalid.has(f.key));
    const helper = f.helperText?.(values, ctx);
    const value = values[f.key];
    if (f.type === 'custom') {
      return <Box key={f.key}>{f.render?.({ value, setValue: (v) => setValue(f.key, v), values, ctx, testId, error })}</Box>;
    }
    if (f.type === 'checkbox') {
      return (
        <FormControlLabel
          key={f.key}
          label={f.label}
          control={
            <Checkbox
              checked={value === true}
              disabled={readOnly}
              onChange={(e) => setValue(f.key, e.target.checked)}
              slotProps={{ input: testIdProps(testId, { name: f.key }) }}
            />
          }
        />
      );
    }
    if (f.type === 'date') {
      return (
        <Box key={f.key}>
          <DateField
            label={f.label}
            value={String(value ?? '')}
            onChange={(v) => setValue(f.key, v)}
            testId={testId}
            width={220}
            required={required}
            error={error}
            helperText={helper}
          />
        </Box>
      );
    }
    if (f.type === 'datetime') {
      return (
        <Box key={f.key}>
          <DateTimeField
            label={f.label}
            value={String(value ?? '')}
            onChange={(v) => setValue(f.key, v)}
            testId={testId}
            fullWidth
            required={required}
            error={error}
            helperText={helper}
            disabled={readOnly}
          />
        </Box>
      );
    }
    if (f.type === 'select') {
      const options = ctx.options[f.key] ?? [];
      const known = options.some((o) => o.value === value);
      const failure =
        f.key in loadFailures
          ? loadFailureText(loadFailures[f.key], typeof f.loadErrorHint === 'function' ? f.loadErrorHint(values) : f.loadErrorHint)
          : null;
      const selectHelper = failure ?? helper;
      return (
        <TextField
          key={f.key}
          select
          label={f.label}
          value={known ? value : ''}
          onChange={(e) => setValue(f.key, e.target.value)}
          error={error || !!failure}
          helperText={selectHelper}
          required={required}
          disabled={readOnly}
          fullWidth
          slotProps={{
            htmlInput: { name: f.key },
            select: { SelectDisplayProps: testIdProps(testId) },
            inputLabel: f.emptyLabel !== undefined || selectHelper ? { shrink: true } : undefined,
            formHelperText: failure ? testIdProps(`${testId}-load-error`, { role: 'alert' }) : undefined,
          }}
        >
          {f.emptyLabel !== undefined && (
            <MenuItem value="" data-testid={`${testId}-option-empty`}>
              <em>{f.emptyLabel}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem
              key={o.value}
              value={o.value}
              data-testid={`${testId}-option-${o.testKey ?? o.label}`}
              sx={o.indent ? { pl: 2 + o.indent * 2 } : undefined}
            >
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    const numeric = f.type === 'money' || f.type === 'number' || f.digitsOnly;
    return (
      <TextField
        key={f.key}
        label={f.label}
        type={f.type === 'password' ? 'password' : 'text'}
        value={value ?? ''}
        onChange={(e) => setValue(f.key, e.target.value)}
        error={error}
        helperText={helper}
        required={required}
        disabled={readOnly}
        placeholder={f.placeholder}
        autoComplete={f.autoComplete ?? (f.type === 'password' ? 'new-password' : 'off')}
        fullWidth
        slotProps={{
          htmlInput: {
            'data-testid': testId,
            name: f.key,
            ...(numeric ? { inputMode: 'numeric' } : {}),
            ...(f.type === 'money' ? { style: { textAlign: 'right' } } : {}),
          },
        }}
      />
    );
  };

  const title = text(config.title, mode);
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      maxWidth={config.maxWidth ?? 'sm'}
      fullWidth
      data-testid={`${testIdPrefix}-dialog`}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {alert && (
            <Alert severity="error" data-testid={`${testIdPrefix}-alert`} sx={{ whiteSpace: 'pre-line' }} onClose={() => setAlert(null)}>
              {alert}
            </Alert>
          )}
          {shown.map(renderField)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} data-testid={`${testIdPrefix}-cancel`}>
          Hủy
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving} data-testid={`${testIdPrefix}-submit`}>
          {saving ? (
            <CircularProgress size={20} color="inherit" aria-label="Đang lưu" />
          ) : (
            (text(config.submitLabel, mode) ?? (mode === 'create' ? 'Tạo' : 'Cập nhật'))
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

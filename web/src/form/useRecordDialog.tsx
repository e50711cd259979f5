import { useCallback, useState, type ReactElement } from 'react';
import FormDialog from './FormDialog';
import type { FormConfig, FormValues } from './types';

/**
 * The create/edit dialog of a list screen's records, wired once: `openCreate()` from the toolbar,
 * `openEdit(row)` from a row action, `dialog` rendered beside the list; after a save the dialog
 * closes and `onSaved` runs (usually the list's reload).
 */
export function useRecordDialog<R, V extends object = FormValues>(config: FormConfig<R, V>, testIdPrefix: string, onSaved: () => void) {
  const [target, setTarget] = useState<{ row: R | null } | null>(null);
  const dialog: ReactElement = (
    <FormDialog
      config={config}
      testIdPrefix={testIdPrefix}
      open={!!target}
      mode={target?.row ? 'edit' : 'create'}
      row={target?.row ?? null}
      onClose={() => setTarget(null)}
      onSaved={() => {
        setTarget(null);
        onSaved();
      }}
    />
  );
  // Stable across renders, so a screen's memoised list config can name them as dependencies.
  const openCreate = useCallback(() => setTarget({ row: null }), []);
  const openEdit = useCallback((row: R) => setTarget({ row }), []);
  return { openCreate, openEdit, dialog };
}

import { forwardRef, startTransition, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HistoryIcon from '@mui/icons-material/History';
import { DataGrid, GridRow, type GridColDef, type GridPaginationModel, type GridRowProps } from '@mui/x-data-grid';
import { viVN } from '@mui/x-data-grid/locales';
import { api, errorMsg } from '../api/client';
import LoadFailed, { loadFailedText } from '../common/LoadFailed';
import { SCREEN_TOOLBAR_ATTR } from '../common/Toasts';
import { useConfirm } from '../common/confirm';
import { displayPhone, formatDate, formatDateTime, formatNumber, parseFilterDate } from '../common/format';
import { useSession } from '../common/session';
import { notify } from '../store';
import { ActionButtons, EditableCell } from './cells';
import { isColumnShown, loadColumnChoice, saveColumnChoice, type ColumnChoice } from './columns';
import ColumnsMenu from './ColumnsMenu';
import { writeExcel } from './exportExcel';
import { FilterField } from './FilterBar';
import HistoryDialog from './HistoryDialog';
import GridBox from './GridBox';
import { onPreset, takePreset } from './presets';
import { withActionsColumn } from './history';
import { actionsFirst, useScrollsSideways } from './pinnedActions';
import {
  EXPORT_ALL_COUNT,
  fieldValue,
  type FilterDef,
  type Filters,
  type ListConfig,
  type ListContext,
  type ListHandle,
  type ListResult,
  type Row,
  type RowAction,
} from './types';
import { isSales } from '../api/access';

// Spec 3 §9: lists fetch 10 a page unless a screen says otherwise.
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
const STICKY_ACTIONS = 'cskh-sticky-actions';
// The localeText prop replaces (not merges) the theme's grid texts, so start from the Vietnamese set.
const GRID_VI_TEXT = viVN.components.MuiDataGrid.defaultProps.localeText;

function defaultsOf(config: { filters?: FilterDef[] }): Filters {
  const out: Filters = {};
  for (const f of config.filters ?? []) {
    const d = typeof f.default === 'function' ? (f.default as () => unknown)() : f.default;
    out[f.key] = d ?? '';
  }
  return out;
}

/** A list answer's `data`: `{ values, count }` (or a bare list); the rows are the screen's type, as its route says. */
function mapDefault<R>(data: unknown): { rows: R[]; count: number } {
  const page = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as { values?: unknown; count?: unknown }) : {};
  const rows: unknown[] = Array.isArray(page.values) ? page.values : Array.isArray(data) ? data : [];
  const count = Number(page.count ?? rows.length) || 0;
  return { rows: rows as R[], count };
}

export interface ListScreenProps<R extends Row = Row, D = unknown> {
  config: ListConfig<R, D>;
}

function ListScreenInner<R extends Row, D>({ config }: ListScreenProps<R, D>, ref: Ref<ListHandle>) {
  const session = useSession();
  const confirm = useConfirm();
  const pageSizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: config.defaultPageSize ?? pageSizes[0],
  });
  // A preset from another screen (./presets.ts) replaces the defaults it names.
  const [draft, setDraft] = useState<Filters>(() => ({ ...defaultsOf(config), ...(takePreset(config.id) ?? {}) }));
  const [applied, setApplied] = useState<Filters>(draft);
  const [reloadKey, setReloadKey] = useState(config.manualLoad ? -1 : 0);
  const [result, setResult] = useState<ListResult<R, D> | null>(null);
  // A list that loads by itself is loading from its first render (set in its load effect instead,
  // the whole list was drawn a second time right after its first).
  const [loading, setLoading] = useState(!config.manualLoad);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [historyRow, setHistoryRow] = useState<R | null>(null);

  const reload = useCallback(() => setReloadKey((k) => (k < 0 ? 0 : k + 1)), []);

  const ctx: ListContext<R, D> = useMemo(
    () => ({ session, filters: applied, reload, notify, confirm, data: result }),
    [session, applied, reload, confirm, result],
  );

  const buildParams = useCallback(
    (filters: Filters) => {
      const params: Record<string, unknown> = {};
      for (const f of config.filters ?? []) {
        if (f.visible && !f.visible(ctx)) continue;
        const v = filters[f.key];
        const p = f.toParam ? f.toParam(v, filters) : v;
        if (p !== undefined && p !== null && p !== '') params[f.key] = p;
      }
      return { ...params, ...(config.query ? config.query(filters, ctx) : {}) };
    },
    [config, ctx],
  );

  // Load the current page whenever paging, applied filters or the reload key change.
  useEffect(() => {
    if (reloadKey < 0) return;
    const ac = new AbortController();
    setLoading(true);
    const params = { ...buildParams(applied), page: paginationModel.page + 1, count: paginationModel.pageSize };
    // The endpoint answers its route's reply, the D the screen declares.
    (config.load ? config.load(params, ac.signal) : api.get<D>(config.endpoint, params, { signal: ac.signal }))
      .then((data) => {
        if (ac.signal.aborted) return;
        const { rows, count } = (config.mapResponse ?? mapDefault<R>)(data);
        // The rows are built as a transition: in slices that leave the page free to answer between
        // them. The spinner goes with them, not before (an empty table would read as "nothing found").
        startTransition(() => {
          setResult({ rows, count, raw: data });
          setLoadError(null);
          setLoading(false);
        });
      })
      .catch((e) => {
        if ((e as Error)?.name === 'AbortError' || ac.signal.aborted) return;
        // Said in place of the rows, with 'Thử lại': an empty table would read as "nothing found".
        console.error(`[${config.id}] list load failed`, e);
        setLoadError(loadFailedText(e));
        setResult({ rows: [], count: 0, raw: null });
        setLoading(false);
      });
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only these inputs refetch; buildParams and config's callbacks change with ctx, which holds the loaded result (a loop)
  }, [config.endpoint, applied, paginationModel, reloadKey]);

  // Keep rowCount stable while loading, otherwise the grid jumps back to page 0.
  const rowCountRef = useRef(0);
  const rowCount = useMemo(() => {
    if (result) rowCountRef.current = result.count;
    return rowCountRef.current;
  }, [result]);

  useImperativeHandle(ref, () => ({ reload, rows: () => result?.rows ?? [] }), [reload, result]);

  const search = (values = draft) => {
    for (const f of config.filters ?? []) {
      if (f.type === 'date' && values[f.key] && !parseFilterDate(String(values[f.key]))) {
        notify(`${f.label ?? 'Ngày'}: ngày không hợp lệ (DD/MM/YYYY)`, 'warning');
        return;
      }
      if (f.requiredMsg && (f.visible ? f.visible(ctx) : true) && !String(values[f.key] ?? '').trim()) {
        notify(f.requiredMsg, 'warning');
        return;
      }
    }
    setApplied({ ...values });
    setPaginationModel((m) => (m.page === 0 ? m : { ...m, page: 0 }));
    reload();
  };

  // A preset arriving while the list is open: search with it at once.
  const searchRef = useRef(search);
  searchRef.current = search;
  // The filters' handlers read the latest draft, not the one of the render that made them: a
  // filter is not drawn again when another one changes (./FilterBar.tsx).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const changeFilter = (key: string, v: unknown, apply: boolean) => {
    const next = { ...draftRef.current, [key]: v };
    draftRef.current = next;
    setDraft(next);
    if (apply) searchRef.current(next);
  };
  useEffect(
    () =>
      onPreset(config.id, () => {
        const preset = takePreset(config.id);
        if (!preset) return;
        const next = { ...defaultsOf(config), ...preset };
        setDraft(next);
        searchRef.current(next);
      }),
    [config],
  );

  const exportExcel = async () => {
    if (!config.export) return;
    setExporting(true);
    try {
      // Read as it streams (rows parsed one by one, never the whole text at once); a cut answer is an error, not a short file.
      // The stream's parser is loaded with the first export, not with every list.
      const { fetchAllRows } = await import('./exportFetch');
      const data = (await fetchAllRows(config.endpoint, {
        ...buildParams(applied),
        page: 0,
        count: EXPORT_ALL_COUNT,
        ...(config.export.query ?? {}),
      })) as D;
      const { rows } = (config.mapResponse ?? mapDefault<R>)(data);
      const fileName = typeof config.export.fileName === 'function' ? config.export.fileName() : config.export.fileName;
      await writeExcel(fileName, visibleColumns, rows, config.export.sheetName);
    } catch (e) {
      notify(`[Lỗi] ${errorMsg(e) || (e as Error)?.message || ''}`.trim(), 'error');
    } finally {
      setExporting(false);
    }
  };

  const rowIdOf = useCallback((row: R) => String(config.rowId ? config.rowId(row) : fieldValue(row, 'id')), [config]);
  // The history dialog is one more row action (and brings an actions column if the list has none showing).
  const history = config.history;
  const rowActions = useMemo<RowAction<R>[]>(() => {
    // Only what the server allows the viewer on this row is offered.
    const allowed = config.allowed;
    const changes = (config.rowActions ?? []).map((a) =>
      allowed ? { ...a, visible: (r: R, c: ListContext<R>) => allowed(r, c.session) && (!a.visible || a.visible(r, c)) } : a,
    );
    return history
      ? [
          ...changes,
          {
            key: 'history',
            label: 'Lịch sử thay đổi',
            icon: <HistoryIcon fontSize="small" />,
            color: 'info',
            visible: history.visible,
            testId: (r) => (history.testId ? history.testId(r) : `${config.id}-history-${rowIdOf(r)}`),
            run: (r) => setHistoryRow(r),
          },
        ]
      : changes;
  }, [config, history, rowIdOf]);
  // Columns the caller may see (exported), and of those the ones the table shows.
  const visibleColumns = withActionsColumn(
    config.columns.filter((c) => !c.visible || c.visible(ctx)),
    !!history,
  );
  const [columnChoice, setColumnChoice] = useState<ColumnChoice>(() => loadColumnChoice(config.id));
  const chooseColumns = (c: ColumnChoice) => {
    setColumnChoice(c);
    saveColumnChoice(config.id, c);
  };
  const gridBox = useRef<HTMLDivElement>(null);
  const pinLeft = useScrollsSideways(gridBox);
  const shownColumns = actionsFirst(
    visibleColumns.filter((c) => isColumnShown(c, columnChoice)),
    pinLeft,
  );
  const indexById = useMemo(() => {
    const m = new Map<string, number>();
    (result?.rows ?? []).forEach((r, i) => m.set(rowIdOf(r), paginationModel.page * paginationModel.pageSize + i + 1));
    return m;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- numbers rows by the page they were loaded for: the page changes before its rows arrive
  }, [result, rowIdOf]);

  const gridColumns: GridColDef[] = shownColumns.map((c) => {
    const base: GridColDef = {
      field: c.field,
      headerName: c.headerName,
      description: c.description,
      width: c.width,
      minWidth: c.minWidth ?? (c.kind === 'index' ? 56 : 100),
      flex: c.width ? undefined : (c.flex ?? (c.kind === 'index' ? undefined : 1)),
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: c.align ?? (c.kind === 'number' ? 'right' : c.kind === 'index' ? 'center' : 'left'),
      headerAlign: c.align ?? (c.kind === 'number' ? 'right' : c.kind === 'index' ? 'center' : 'left'),
      ...(c.kind === 'actions' ? { cellClassName: STICKY_ACTIONS, headerClassName: STICKY_ACTIONS } : {}),
    };
    if (c.kind === 'index') base.width = c.width ?? 60;
    base.renderCell = ({ row }) => {
      const r = row as R;
      const id = rowIdOf(r);
      if (c.kind === 'index') return indexById.get(id) ?? '';
      if (c.kind === 'actions') return <ActionButtons row={r} rowId={id} actions={rowActions} ctx={ctx} listId={config.id} />;
      const value = c.value ? c.value(r) : fieldValue(r, c.field);
      if (c.edit && (!c.edit.canEdit || c.edit.canEdit(r, ctx))) {
        const edit = c.edit.type === 'select' && !c.edit.options && c.options ? { ...c.edit, options: c.options } : c.edit;
        return <EditableCell row={r} field={c.field} edit={edit} initial={value} ctx={ctx} testId={`${config.id}-edit-${c.field}-${id}`} />;
      }
      if (c.render) return c.render(r, ctx);
      if (c.kind === 'chip' && c.chip) {
        const chip = c.chip(r);
        return (
          <Chip
            size="small"
            label={chip.label}
            color={chip.color ?? 'default'}
            variant="outlined"
            sx={{ maxWidth: 'none', '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
          />
        );
      }
      if (c.options) {
        const o = c.options.find((x) => String(x.value) === String(value ?? ''));
        if (o) return o.label;
      }
      if (c.kind === 'number') return formatNumber(value);
      if (c.kind === 'datetime') return formatDateTime(value);
      if (c.kind === 'date') return formatDate(value);
      if (c.kind === 'phone') return displayPhone(value);
      return value === null || value === undefined ? '' : String(value);
    };
    return base;
  });

  // Rows carry a data-testid (the browser test finds rows by it).
  const rowTestId = config.rowTestId;
  const TestIdRow = useMemo(
    () =>
      forwardRef<HTMLDivElement, GridRowProps>(function TestIdRow(props, rowRef) {
        const r = props.row as R;
        const testId = rowTestId ? rowTestId(r) : `${config.id}-row-${rowIdOf(r)}`;
        return <GridRow ref={rowRef} {...props} data-testid={testId} />;
      }),
    [rowTestId, config.id, rowIdOf],
  );

  const filters = (config.filters ?? []).filter((f) => !f.visible || f.visible(ctx));
  const toolbar = (config.toolbar ?? []).filter((b) => !b.visible || b.visible(ctx));
  const canExport = !!config.export && !isSales(session.priority) && (!config.export.visible || config.export.visible(ctx));

  return (
    <Stack spacing={2} data-testid={`list-${config.id}`}>
      {config.title && (
        <Typography variant="h6" component="h2">
          {config.title}
        </Typography>
      )}
      {/* The screen's toolbar: toasts keep below it. */}
      <Paper variant="outlined" sx={{ p: 1.5 }} {...{ [SCREEN_TOOLBAR_ATTR]: '' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {filters.map((f) => (
            <FilterField
              key={f.key}
              def={f}
              value={draft[f.key]}
              ctx={ctx}
              listId={config.id}
              onChange={(v, apply) => changeFilter(f.key, v, apply)}
              onEnter={() => searchRef.current()}
            />
          ))}
          {config.searchButton === 'refresh' ? (
            <Tooltip title="Làm mới">
              <IconButton onClick={() => search()} aria-label="Làm mới" data-testid={`${config.id}-search`} color="primary">
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          ) : (
            (filters.length > 0 || config.searchButton === 'search') && (
              <Button variant="contained" startIcon={<SearchIcon />} onClick={() => search()} data-testid={`${config.id}-search`}>
                Tìm kiếm
              </Button>
            )
          )}
          <Box sx={{ flex: 1 }} />
          {toolbar.map((b) => (
            <Button
              key={b.key}
              variant={b.variant ?? 'contained'}
              color={b.color ?? 'primary'}
              startIcon={b.icon}
              onClick={() => b.onClick(ctx)}
              data-testid={b.testId ?? `${config.id}-${b.key}`}
            >
              {b.label}
            </Button>
          ))}
          {config.toolbarExtra?.(ctx)}
          <ColumnsMenu listId={config.id} columns={visibleColumns} choice={columnChoice} onChange={chooseColumns} />
          {canExport && (
            <Button
              variant="outlined"
              color="success"
              startIcon={<FileDownloadIcon />}
              onClick={exportExcel}
              disabled={exporting}
              data-testid={`${config.id}-export`}
            >
              {config.export!.label ?? 'Xuất Excel'}
            </Button>
          )}
        </Stack>
      </Paper>
      {config.summary && config.summary(result, ctx)}
      {loadError && <LoadFailed text={loadError} onRetry={reload} testId={`${config.id}-load-error`} />}
      <GridBox ref={gridBox}>
        <DataGrid
          rows={result?.rows ?? []}
          columns={gridColumns}
          getRowId={(r) => rowIdOf(r as R)}
          loading={loading}
          paginationMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
          pageSizeOptions={pageSizes}
          rowCount={rowCount}
          autoHeight
          getRowHeight={() => 'auto'}
          // Every column rendered (≤ 100 rows a page): the sticky actions column needs its cells
          // even when the table is scrolled away from it.
          disableVirtualization
          columnHeaderHeight={56}
          disableRowSelectionOnClick
          disableColumnMenu
          disableColumnFilter
          disableColumnSorting
          slots={{ row: TestIdRow }}
          localeText={{ ...GRID_VI_TEXT, paginationDisplayedRows: ({ from, to, count }) => `${from}–${to} / ${formatNumber(count)}` }}
          sx={{
            border: 0,
            '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' },
            // Long Vietnamese headers wrap on two lines instead of ending in '…'.
            '& .MuiDataGrid-columnHeaderTitle': {
              fontWeight: 600,
              whiteSpace: 'normal',
              lineHeight: 1.2,
              overflow: 'hidden',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            },
            // The row actions stay in view however far the table is scrolled (./pinnedActions.ts).
            [`& .${STICKY_ACTIONS}`]: {
              position: 'sticky',
              ...(pinLeft ? { left: 0 } : { right: 0 }),
              zIndex: 3,
              bgcolor: 'background.paper',
              boxShadow: pinLeft ? '6px 0 6px -6px rgba(0,0,0,0.35)' : '-6px 0 6px -6px rgba(0,0,0,0.35)',
            },
          }}
        />
      </GridBox>
      {history && historyRow && <HistoryDialog listId={config.id} config={history} row={historyRow} onClose={() => setHistoryRow(null)} />}
    </Stack>
  );
}

/**
 * The one generic list screen (filters, server paging, export, inline edit, row actions).
 * See ./types.ts for the configuration API.
 */
const ListScreen = forwardRef(ListScreenInner) as <R extends Row = Row, D = unknown>(
  props: ListScreenProps<R, D> & { ref?: Ref<ListHandle> },
) => ReturnType<typeof ListScreenInner>;

export default ListScreen;

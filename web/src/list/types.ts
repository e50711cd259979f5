/**
 * ─── Generic list screen: configuration API ─────────────────────────────────────────────────
 *
 * Every list screen of the product is a `ListConfig<Row>` rendered by `<ListScreen config={…} />`:
 *
 *   endpoint      GET list endpoint answering `data.values` + `data.count` (override: mapResponse;
 *                 `load` replaces the GET, e.g. a socket lookup). A failed load shows
 *                 `<id>-load-error` (the server's msg) with 'Thử lại' (`<id>-load-error-retry`).
 *                 The screen sends `page` (1-based) and `count` (page size) plus the filter params.
 *   filters       FilterDef[]: 'text' (Enter searches), 'select' (static options or loadOptions;
 *                 an option's `indent` indents it in the list, e.g. staff pickers),
 *                 'date' (typed DD/MM/YYYY, calendar button), 'number'. `default` may be a function
 *                 (e.g. monthStart). `toParam` transforms the value; `query` adds/renames params.
 *   columns       ColumnDef<Row>[]: `field` a key of the row's type unless the column computes what it
 *                 shows (value, render, chip, index, actions). kind 'index' (#), 'number' (0,0), 'datetime' (DD-MM-YYYY HH:mm:ss),
 *                 'date', 'phone' (leading 0 for 9 digits), 'chip' (chip: row → {label,color}),
 *                 'actions' (renders rowActions), or free `render`; `options` maps values to labels.
 *                 `visible(ctx)` hides by role.
 *                 `edit` makes a cell editable inline (text saves on Enter, select on change, datetime once chosen or typed whole)
 *                 through `edit.save(row, value, ctx)`; `edit.canEdit(row, ctx)` per row.
 *                 `export` controls the Excel column (false = skipped; header/value overrides).
 *   allowed       (row, viewer) → whether the viewer may change this row at all, the server's rule for
 *                 the resource (e.g. accounts: never one above the viewer); false hides every row
 *                 action but the read-only history.
 *   rowActions    RowAction<Row>[]: icon buttons with tooltip; `visible(row, ctx)`; optional `confirm`
 *                 text (confirm dialog first); `run(row, ctx)`; success/failure toasts (the server's
 *                 msg is appended to the failure text); the list reloads after success.
 *   toolbar       ToolbarButton[] beside the search button (e.g. 'Tạo người dùng'); `toolbarExtra(ctx)`
 *                 renders more (e.g. an ImportButton, src/import/ImportButton.tsx).
 *   export        { fileName }: 'Xuất Excel' button (hidden for role priority 5) that fetches the same
 *                 endpoint with page=0&count=9999999999 and writes an .xlsx (sheet 'Sheet 1').
 *                 Failure → toast '[Lỗi] ' + msg. `query` adds params to that request (getAll=true).
 *   summary       (data, ctx) → node above the table (totals from the raw list answer).
 *   pageSizes     default [10, 20, 50, 100], defaultPageSize 10 (server paging, MUI grid max 100).
 *   history       { endpoint(row), fieldLabels?, valueLabels?, title?(row), visible?, testId? }: a
 *                 'Lịch sử thay đổi' row action (test id `<id>-history-<rowId>` unless testId says)
 *                 opening the row's audit trail (`GET endpoint(row)` → AuditEntry values + count,
 *                 newest first, server paging 10/25): time on Vietnam's clock, who, the field's
 *                 label, from → to; 'Chưa có thay đổi nào' when empty. Without a visible 'actions'
 *                 column the screen adds one for it.
 *
 * `ctx` (ListContext) carries the session (priority, permission codes), applied filters, reload(),
 * notify and confirm. A screen keeps its own dialogs next to the list and calls `reload()` through
 * the `ref` handle (ListHandle).
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import type { ReactNode } from 'react';
import type { Session } from '../common/session';
import type { ConfirmOptions } from '../common/confirm';

/**
 * A list's row: the proto message its list route answers (`ListConfig<User>`). Any object: the
 * generated interfaces have no index signature; a field is read by name through `fieldValue`.
 */
export type Row = object;

/** The filters' values as typed or picked, by filter key (text, a picked value, a date as typed). */
export type Filters = Record<string, unknown>;

/** The value a row holds under a field name (a column's field): what the generic parts read. */
export const fieldValue = (row: object, field: string): unknown => (row as Record<string, unknown>)[field];

export interface SelectOption {
  value: string | number;
  label: string;
  /** Indentation level in the option list (e.g. staff pickers indent leaders and salespeople). */
  indent?: number;
}

/** A loaded page: its rows, the total count, and the list answer's `data` as the route replies it (D; null after a failed load). */
export interface ListResult<R = Row, D = unknown> {
  rows: R[];
  count: number;
  /** The raw `data` of the list answer (totals etc.). */
  raw: D | null;
}

/** What a list's callbacks see; `data.raw` is the list answer's `data` (D where the list declares it, unknown in a column's callbacks). */
export interface ListContext<R = Row, D = unknown> {
  session: Session;
  /** Filter values as last applied (search/Enter). */
  filters: Filters;
  reload: () => void;
  notify: (message: string, severity?: 'success' | 'error' | 'info' | 'warning', durationMs?: number) => void;
  confirm: (opts: ConfirmOptions | string) => Promise<boolean>;
  data: ListResult<R, D> | null;
}

export interface FilterDef {
  /** Query parameter name (unless toParam/query decide otherwise). */
  key: string;
  /** 'staff': the searchable staff picker (common/StaffPicker, options from loadOptions); 'month': MM/YYYY. */
  type: 'text' | 'select' | 'date' | 'number' | 'staff' | 'month';
  label?: string;
  placeholder?: string;
  options?: SelectOption[] | ((ctx: ListContext) => SelectOption[]);
  loadOptions?: (ctx: ListContext) => Promise<SelectOption[]>;
  /** Adds an 'all' option with this label and value ''. */
  allLabel?: string;
  default?: unknown | (() => unknown);
  visible?: (ctx: ListContext) => boolean;
  width?: number;
  /** Apply immediately on change. Default: true for select, false for text/number/date (Enter or search). */
  autoApply?: boolean;
  /** Transform before sending; return undefined to omit. */
  toParam?: (value: unknown, all: Filters) => unknown;
  /** Toast shown (and search refused) when the value is empty. */
  requiredMsg?: string;
  testId?: string;
}

interface InlineEditCommon<R> {
  options?: SelectOption[] | ((row: R, ctx: ListContext<R>) => SelectOption[]);
  canEdit?: (row: R, ctx: ListContext<R>) => boolean;
  /** Blank values are not saved (e.g. care note). */
  ignoreBlank?: boolean;
  successMsg?: string;
  errorMsg?: string;
  /** Reload the page after a successful save (default true). */
  reload?: boolean;
}

/** An edit saving what it holds: a number's digits as a number (blank: null), anything else as the text or value chosen. */
interface InlineEditOf<R, T extends InlineEditType, V> extends InlineEditCommon<R> {
  type: T;
  save: (row: R, value: V, ctx: ListContext<R>) => Promise<unknown>;
  /** Ask first (confirm dialog); declining restores the old value and saves nothing. */
  confirm?: string | ConfirmOptions | ((row: R, value: V) => string | ConfirmOptions);
}

/** 'staff': the searchable staff picker over `options` (saved when a person is chosen). */
export type InlineEditType = 'text' | 'number' | 'select' | 'datetime' | 'staff';

export type InlineEdit<R = Row> = InlineEditOf<R, 'number', number | null> | InlineEditOf<R, Exclude<InlineEditType, 'number'>, string>;

/**
 * A column's field. A column that shows the row's own value names a key of the row's type (the
 * proto's message for the list): renaming a proto field breaks the build, not the screen. A column
 * that computes what it shows (`value`, `render`, `chip`, the row number, the actions) may take a
 * name of its own.
 */
export type ColumnDef<R = Row> = ColumnCommon<R> &
  (
    | { field: Extract<keyof R, string> }
    | { field: string; value: (row: R) => unknown }
    | { field: string; render: (row: R, ctx: ListContext<R>) => ReactNode }
    | { field: string; chip: (row: R) => ChipLook }
    | { field: string; kind: 'index' | 'actions' }
  );

type ChipLook = { label: string; color?: 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info' };

export interface ColumnCommon<R = Row> {
  field: string;
  headerName: string;
  /** Header tooltip (e.g. the spec's field name). */
  description?: string;
  kind?: 'text' | 'index' | 'number' | 'datetime' | 'date' | 'phone' | 'chip' | 'actions';
  width?: number;
  minWidth?: number;
  flex?: number;
  align?: 'left' | 'center' | 'right';
  value?: (row: R) => unknown;
  render?: (row: R, ctx: ListContext<R>) => ReactNode;
  chip?: (row: R) => { label: string; color?: 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info' };
  /** Value → label map used for display and export (and as the default options of a select edit). */
  options?: SelectOption[];
  visible?: (ctx: ListContext<R>) => boolean;
  /**
   * Left out of the table at first (the user shows it from 'Cột'; the choice is remembered per
   * list): for the columns a user seldom works with, so that the others fit a 1440-px screen.
   * Exports hold every column the caller may see, shown or not.
   */
  hidden?: boolean;
  edit?: InlineEdit<R>;
  export?: false | { header?: string; value?: (row: R, index: number) => unknown };
}

export interface RowAction<R = Row> {
  key: string;
  label: string | ((row: R) => string);
  icon: ReactNode | ((row: R) => ReactNode);
  color?: 'inherit' | 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
  visible?: (row: R, ctx: ListContext<R>) => boolean;
  confirm?: string | ConfirmOptions | ((row: R) => string | ConfirmOptions);
  run: (row: R, ctx: ListContext<R>) => Promise<unknown> | void;
  successMsg?: string | ((row: R, result: unknown) => string);
  errorMsg?: string | ((row: R) => string);
  /** Reload after success (default true when the action returns a promise). */
  reload?: boolean;
  testId?: (row: R) => string;
}

export interface ToolbarButton<R = Row> {
  key: string;
  label: string;
  icon?: ReactNode;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'inherit' | 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';
  visible?: (ctx: ListContext<R>) => boolean;
  onClick: (ctx: ListContext<R>) => void;
  testId?: string;
}

/** The row-history dialog of a list (the audit trail every service serves at `GET …/{id}/history`). */
export interface HistoryConfig<R = Row> {
  /** The row's history URL from the generated client, e.g. (u) => UserService.userHistory.url({ id: u.id }). */
  endpoint: (row: R) => string;
  /** Field name → label (e.g. { fullname: 'Họ tên' }); unknown fields show their name. */
  fieldLabels?: Record<string, string>;
  /** Field name → stored value → label (e.g. { locked: { true: 'Đã khoá' } }). */
  valueLabels?: Record<string, Record<string, string>>;
  /** Dialog title (default 'Lịch sử thay đổi'). */
  title?: (row: R) => string;
  /** Whether the row offers its history (default: every row). */
  visible?: (row: R, ctx: ListContext<R>) => boolean;
  /** Test id of the row's button (default `<listId>-history-<rowId>`); the dialog is `<listId>-history-dialog`. */
  testId?: (row: R) => string;
}

/**
 * A list of rows R (the proto message of the list route's `values`), whose answer's `data` is D (the
 * route's reply type, for `mapResponse`, `load` and `summary`; unknown when the screen reads none).
 */
export interface ListConfig<R = Row, D = unknown> {
  /** Stable id; prefixes test ids (e.g. 'accounts-search'). */
  id: string;
  title?: string;
  endpoint: string;
  rowId?: (row: R) => string;
  pageSizes?: number[];
  defaultPageSize?: number;
  filters?: FilterDef[];
  columns: ColumnDef<R>[];
  /** Extra or renamed query params from the applied filters. */
  query?: (filters: Filters, ctx: ListContext<R, D>) => Record<string, unknown>;
  /** The rows and count of the list answer's `data` (default: `values` and `count`). */
  mapResponse?: (data: D) => { rows: R[]; count: number };
  /** Replaces the GET of `endpoint` for the page (e.g. a lookup over the realtime socket). */
  load?: (params: Record<string, unknown>, signal: AbortSignal) => Promise<D>;
  /** Extra toolbar content beside the buttons (e.g. an ImportButton). */
  toolbarExtra?: (ctx: ListContext<R, D>) => ReactNode;
  export?: {
    fileName: string | (() => string);
    sheetName?: string;
    label?: string;
    /** Extra params of the export request (e.g. getAll=true). */
    query?: Record<string, unknown>;
    /** Who sees the button beyond the global rule (never priority 5), e.g. only priority below 3. */
    visible?: (ctx: ListContext<R, D>) => boolean;
  };
  toolbar?: ToolbarButton<R>[];
  rowActions?: RowAction<R>[];
  /** Whether the viewer may change this row (the server's per-row rule); false: no row actions but history. */
  allowed?: (row: R, viewer: Session) => boolean;
  /** Row history (audit trail) dialog; see HistoryConfig. */
  history?: HistoryConfig<R>;
  summary?: (data: ListResult<R, D> | null, ctx: ListContext<R, D>) => ReactNode;
  /** data-testid of each table row (default `${id}-row-${rowId}`). */
  rowTestId?: (row: R) => string;
  /** The search button: 'search' (label Tìm kiếm) or 'refresh' (icon, label Làm mới). */
  searchButton?: 'search' | 'refresh';
  /** Do not load until the user searches. */
  manualLoad?: boolean;
}

export interface ListHandle {
  reload: () => void;
  /** The rows of the page shown. */
  rows: () => Row[];
}

export const EXPORT_ALL_COUNT = 9999999999;

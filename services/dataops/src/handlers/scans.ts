import { AppError, fail, Identity, importChunk, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId, typedContains, Where } from '@cskh/kit/data';
import type { dataops_v1_dataops } from '@cskh/proto';
import type { DataopsContext } from '../context';
import { MSG } from '../domain/messages';
import { FileNameError, parseFileName, parsePhone } from '../domain/phone';
import { ScanKind } from '../domain/scan';
import { mayCommand } from '../workers/scan-commands';
import {
  countUnscannedOf,
  deleteScanFile,
  insertScanNumbers,
  listScanFiles,
  listScanResults,
  lockScanFile,
  renameScanFile,
  scanFileById,
  scanFileByName,
  ScanFileRow,
  scanFileView,
  scannedPackageCounts,
  scanResultView,
  setScanFileUploader,
} from '../store/scan-files';

type Def = typeof dataops_v1_dataops.DataopsScanServiceService;
type H = Handlers<Def>;

/** The RPC name suffix of each scan screen in dataops.proto. */
const SUFFIX = { quetdtct: 'Dtct', quetdata: 'Data', quetdatakhonggoi: 'KhongGoi' } as const;

const fileNameOf = (raw: unknown) => {
  try {
    return parseFileName(raw);
  } catch (err) {
    if (err instanceof FileNameError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
};

/**
 * One scan screen's calls (spec 3 §7.2), the same for the three kinds. Files are listed to
 * everyone holding the screen's permission; changing one (rename, delete, hand over, start/stop)
 * is for its uploader or a manager.
 */
function scanHandlers(c: DataopsContext, kind: ScanKind) {
  const { ds, staff } = c.deps;

  const mustOwn = (f: ScanFileRow, me: Identity) => {
    if (!mayCommand(f, me)) fail('FORBIDDEN', MSG.notYourFile);
  };

  const list = async (where: Where, page?: number, count?: number) => {
    const { rows, total } = await listScanFiles(ds, where, toPaging(page, count, 20));
    return { values: rows.map(scanFileView), count: total };
  };

  const importRows = async (req: dataops_v1_dataops.ImportScanNumbersRequest, me: Identity) => {
    let fileName: string | undefined;
    return importChunk({
      rows: req.rows ?? [],
      firstRow: req.first_row || 2,
      parse: (r) => {
        const f = fileNameOf(r.FileName);
        if (fileName !== undefined && f !== fileName) return MSG.fileNameMixed;
        fileName = f;
        const p = parsePhone(r.PhoneNumber);
        return typeof p === 'string' ? p : { ...p, fileName: f };
      },
      // Duplicates by phone (spec 3 §5): the table's (file, last 9 digits) key skips the stored ones.
      key: (r) => [r.fileName, r.phone9],
      save: (rows) =>
        insertScanNumbers(
          ds.manager,
          kind,
          fileName!,
          me,
          rows.map((r) => r.row),
        ),
    });
  };

  const fileByName = async (raw: unknown) =>
    (await scanFileByName(ds.manager, kind, fileNameOf(raw))) ?? fail('NOT_FOUND', MSG.scanFileNotFound);

  const remove = async (f: ScanFileRow, me: Identity) => {
    mustOwn(f, me);
    await ds.transaction(async (tx) => {
      const locked = await lockScanFile(tx, f.id);
      if (!locked) fail('NOT_FOUND', MSG.scanFileNotFound);
      if (locked!.state === 'running') fail('PRECONDITION', MSG.scanFileRunning);
      await deleteScanFile(tx, f.id);
    });
    return { ok: true, msg: MSG.scanDeleted(f.file_name) };
  };

  const results = async (where: Where, page?: number, count?: number) => {
    const { rows, total } = await listScanResults(ds, where, toPaging(page, count, 20));
    return { values: rows.map(scanResultView), count: total };
  };

  const h = {
    list: (req: { page?: number; count?: number }) => list(new Where().add('kind = ?', kind), req.page, req.count),
    assigned: (req: { page?: number; count?: number }, me: Identity) =>
      list(new Where().add('kind = ?', kind).add('uploaded_by = ?', me.username), req.page, req.count),
    async countUnscanned(me: Identity) {
      return { total: await countUnscannedOf(ds, kind, me.username) };
    },
    async assign(req: dataops_v1_dataops.AssignScanFilesRequest, me: Identity) {
      const username = (req.username ?? '').trim();
      if (!username) fail('VALIDATION', MSG.assignTargetRequired);
      const member = await staff.get(username);
      const visible = await staff.pickable(me);
      if (!member || !visible.some((m) => m.username === username)) fail('FORBIDDEN', MSG.targetOutsideScope(username.slice(0, 50)));
      // A blank entry names no file: skipped, as the API document allows it.
      const names = [...new Set((req.FileNames ?? []).filter((n) => String(n ?? '').trim() !== '').map(fileNameOf))];
      await ds.transaction(async (tx) => {
        for (const n of names) {
          const f = (await scanFileByName(tx, kind, n, true)) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
          mustOwn(f, me);
          await setScanFileUploader(tx, f.id, username, member!.fullname);
        }
      });
      return { ok: true, msg: 'Đã giao file' };
    },
    async get(id: string) {
      return scanFileView(
        (await scanFileById(ds.manager, kind, requireId(id, MSG.scanFileNotFound))) ?? fail('NOT_FOUND', MSG.scanFileNotFound),
      );
    },
    async update(req: dataops_v1_dataops.UpdateScanFileRequest, me: Identity) {
      const id = requireId(req.id, MSG.scanFileNotFound);
      const name = fileNameOf(req.FileName);
      return ds.transaction(async (tx) => {
        const f = (await scanFileById(tx, kind, id, true)) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
        mustOwn(f, me);
        if (f.state === 'running') fail('PRECONDITION', MSG.scanFileRunning);
        if (name !== f.file_name && (await scanFileByName(tx, kind, name))) fail('CONFLICT', MSG.scanFileExists);
        return scanFileView(await renameScanFile(tx, id, name));
      });
    },
    async removeById(id: string, me: Identity) {
      const f = (await scanFileById(ds.manager, kind, requireId(id, MSG.scanFileNotFound))) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
      return remove(f, me);
    },
    removeByName: async (name: unknown, me: Identity) => remove(await fileByName(name), me),
    importRows,
    async findAll(req: dataops_v1_dataops.FileNamePageRequest) {
      const f = await fileByName(req.FileName);
      return results(new Where().add('n.file_id = ?', f.id), req.page, req.count);
    },
    async info(name: unknown) {
      const f = await fileByName(name);
      const pkgs = await scannedPackageCounts(ds, kind, f.id);
      return {
        FileName: f.file_name,
        so_da_quet: f.scanned,
        total_numbers: f.total,
        nguoi_upload: f.uploaded_by,
        goi_da_quet: pkgs,
        state: f.state,
        reason: f.reason,
        ngay_upload: scanFileView(f).ngay_upload,
      };
    },
    async findPackage(req: dataops_v1_dataops.FindPackageRequest) {
      const x = (req.x ?? '').trim();
      if (!x) fail('VALIDATION', MSG.packageRequired);
      const where = new Where().add('f.kind = ?', kind).add('n.scanned_at IS NOT NULL');
      where.add(...typedContains(kind === 'quetdtct' ? 'n.dtct' : 'n.current_package', x));
      return results(where, req.page, req.count);
    },
  };
  return h;
}

/** Every scan RPC of the three screens, named as in dataops.proto. */
export function allScanHandlers(c: DataopsContext): H {
  const out: Record<string, unknown> = {};
  for (const kind of ['quetdtct', 'quetdata', 'quetdatakhonggoi'] as const) {
    const h = scanHandlers(c, kind);
    const s = SUFFIX[kind];
    Object.assign(out, {
      [`listScanFiles${s}`]: (req: { page?: number; count?: number }) => h.list(req),
      [`listAssignedScanFiles${s}`]: (req: { page?: number; count?: number }, ctx: { user: Identity }) => h.assigned(req, ctx.user),
      [`countUnscanned${s}`]: (_: unknown, ctx: { user: Identity }) => h.countUnscanned(ctx.user),
      [`assignScanFiles${s}`]: (req: dataops_v1_dataops.AssignScanFilesRequest, ctx: { user: Identity }) => h.assign(req, ctx.user),
      [`getScanFile${s}`]: (req: { id: string }) => h.get(req.id),
      [`updateScanFile${s}`]: (req: dataops_v1_dataops.UpdateScanFileRequest, ctx: { user: Identity }) => h.update(req, ctx.user),
      [`deleteScanFile${s}`]: (req: { id: string }, ctx: { user: Identity }) => h.removeById(req.id, ctx.user),
      [`deleteScanFileByName${s}`]: (req: { FileName: string }, ctx: { user: Identity }) => h.removeByName(req.FileName, ctx.user),
      [`createScanNumber${s}`]: (req: dataops_v1_dataops.ScanNumberRow, ctx: { user: Identity }) =>
        h.importRows({ rows: [req], first_row: 1 }, ctx.user),
      [`importScanNumbers${s}`]: (req: dataops_v1_dataops.ImportScanNumbersRequest, ctx: { user: Identity }) => h.importRows(req, ctx.user),
      [`uploadScanFile${s}`]: (req: dataops_v1_dataops.ImportScanNumbersRequest, ctx: { user: Identity }) => h.importRows(req, ctx.user),
      [`findAllByFileName${s}`]: (req: dataops_v1_dataops.FileNamePageRequest) => h.findAll(req),
      [`getInfoByFileName${s}`]: (req: { FileName: string }) => h.info(req.FileName),
      [`findPackage${s}`]: (req: dataops_v1_dataops.FindPackageRequest) => h.findPackage(req),
    });
  }
  return out as unknown as H;
}

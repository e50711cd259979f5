import { AppError, fail, Identity, importChunk, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId, typedContains, Where } from '@cskh/kit/data';
import type { dataops_v1_dataops } from '@cskh/proto';
import type { DataopsContext } from '../context';
import { MSG } from '../domain/messages';
import { FileNameError, parseFileName, parsePhone } from '../domain/phone';
import { isScanKind, ScanKind } from '../domain/scan';
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

const fileNameOf = (raw: unknown) => {
  try {
    return parseFileName(raw);
  } catch (err) {
    if (err instanceof FileNameError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
};

/** The screen a call is for: fixed by the route called (option `set`), never by the caller. */
const kindOf = (req: { kind?: string }): ScanKind =>
  isScanKind(req.kind ?? '') ? (req.kind as ScanKind) : fail('VALIDATION', MSG.scanScreenUnknown);

/**
 * The scan screens' calls (spec 3 §7.2), one set for the three kinds, each request naming its
 * screen in `kind`. Files are listed to everyone holding the screen's permission; changing one
 * (rename, delete, hand over, start/stop) is for its uploader or a manager.
 */
export function scanHandlers(service: DataopsContext): H {
  const { ds, staff } = service.deps;

  const mustOwn = (f: ScanFileRow, me: Identity) => {
    if (!mayCommand(f, me)) fail('FORBIDDEN', MSG.notYourFile);
  };

  const list = async (where: Where, page?: number, count?: number) => {
    const { rows, total } = await listScanFiles(ds, where, toPaging(page, count, 20));
    return { values: rows.map(scanFileView), count: total };
  };

  const importRows = async (kind: ScanKind, rows: dataops_v1_dataops.ScanNumberRow[], firstRow: number, me: Identity) => {
    let fileName: string | undefined;
    return importChunk({
      rows,
      firstRow,
      parse: (r) => {
        const f = fileNameOf(r.FileName);
        if (fileName !== undefined && f !== fileName) return MSG.fileNameMixed;
        fileName = f;
        const p = parsePhone(r.PhoneNumber);
        return typeof p === 'string' ? p : { ...p, fileName: f };
      },
      // Duplicates by phone (spec 3 §5): the table's (file, last 9 digits) key skips the stored ones.
      key: (r) => [r.fileName, r.phone9],
      save: (stored) =>
        insertScanNumbers(
          ds.manager,
          kind,
          fileName!,
          me,
          stored.map((r) => r.row),
        ),
    });
  };

  const fileByName = async (kind: ScanKind, raw: unknown) =>
    (await scanFileByName(ds.manager, kind, fileNameOf(raw))) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
  const fileById = async (kind: ScanKind, raw: unknown) =>
    (await scanFileById(ds.manager, kind, requireId(raw, MSG.scanFileNotFound))) ?? fail('NOT_FOUND', MSG.scanFileNotFound);

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

  return {
    listScanFiles: (req) => list(new Where().add('kind = ?', kindOf(req)), req.page, req.count),

    listAssignedScanFiles: (req, ctx) =>
      list(new Where().add('kind = ?', kindOf(req)).add('uploaded_by = ?', ctx.user.username), req.page, req.count),

    async countUnscanned(req, ctx) {
      return { total: await countUnscannedOf(ds, kindOf(req), ctx.user.username) };
    },

    async assignScanFiles(req, ctx) {
      const kind = kindOf(req);
      const username = (req.username ?? '').trim();
      if (!username) fail('VALIDATION', MSG.assignTargetRequired);
      const member = await staff.get(username);
      const visible = await staff.pickable(ctx.user);
      if (!member || !visible.some((m) => m.username === username)) fail('FORBIDDEN', MSG.targetOutsideScope(username.slice(0, 50)));
      // A blank entry names no file: skipped, as the API document allows it.
      const names = [...new Set((req.FileNames ?? []).filter((n) => String(n ?? '').trim() !== '').map(fileNameOf))];
      await ds.transaction(async (tx) => {
        for (const n of names) {
          const f = (await scanFileByName(tx, kind, n, true)) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
          mustOwn(f, ctx.user);
          await setScanFileUploader(tx, f.id, username, member!.fullname);
        }
      });
      return { ok: true, msg: 'Đã giao file' };
    },

    getScanFile: async (req) => scanFileView(await fileById(kindOf(req), req.id)),

    async updateScanFile(req, ctx) {
      const kind = kindOf(req);
      const id = requireId(req.id, MSG.scanFileNotFound);
      const name = fileNameOf(req.FileName);
      return ds.transaction(async (tx) => {
        const f = (await scanFileById(tx, kind, id, true)) ?? fail('NOT_FOUND', MSG.scanFileNotFound);
        mustOwn(f, ctx.user);
        if (f.state === 'running') fail('PRECONDITION', MSG.scanFileRunning);
        if (name !== f.file_name && (await scanFileByName(tx, kind, name))) fail('CONFLICT', MSG.scanFileExists);
        return scanFileView(await renameScanFile(tx, id, name));
      });
    },

    deleteScanFile: async (req, ctx) => remove(await fileById(kindOf(req), req.id), ctx.user),

    deleteScanFileByName: async (req, ctx) => remove(await fileByName(kindOf(req), req.FileName), ctx.user),

    createScanNumber: (req, ctx) => importRows(kindOf(req), [{ PhoneNumber: req.PhoneNumber, FileName: req.FileName }], 1, ctx.user),

    importScanNumbers: (req, ctx) => importRows(kindOf(req), req.rows ?? [], req.first_row || 2, ctx.user),

    uploadScanFile: (req, ctx) => importRows(kindOf(req), req.rows ?? [], req.first_row || 2, ctx.user),

    async findAllByFileName(req) {
      const f = await fileByName(kindOf(req), req.FileName);
      return results(new Where().add('n.file_id = ?', f.id), req.page, req.count);
    },

    async getInfoByFileName(req) {
      const kind = kindOf(req);
      const f = await fileByName(kind, req.FileName);
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

    async findPackage(req) {
      const kind = kindOf(req);
      const x = (req.x ?? '').trim();
      if (!x) fail('VALIDATION', MSG.packageRequired);
      const where = new Where().add('f.kind = ?', kind).add('n.scanned_at IS NOT NULL');
      where.add(...typedContains(kind === 'quetdtct' ? 'n.dtct' : 'n.current_package', x));
      return results(where, req.page, req.count);
    },
  };
}

import { AppError } from './errors';
import { importChunk, IMPORT_MSG, SHEET_MAX_ROWS } from './imports';

const chunk = (rows: string[], firstRow?: number) => {
  const saved: string[] = [];
  return {
    saved,
    run: () =>
      importChunk({
        rows,
        firstRow,
        fileName: 'f.xlsx',
        parse: (raw) => (raw.startsWith('0') ? { phone: raw } : 'Số điện thoại không hợp lệ'),
        key: (row) => [row.phone],
        save: async (good) => void saved.push(...good.map((g) => g.row.phone)),
      }),
  };
};

describe('importChunk', () => {
  it('stores good rows once and reports the others by sheet row', async () => {
    const c = chunk(['0912345678', 'x', '0912345678', '0987654321'], 2);
    expect(await c.run()).toEqual({
      saved: 2,
      errorRows: [{ row: 3, index: 1, error_type: 'Số điện thoại không hợp lệ', error_data: '"x"', error_file: 'f.xlsx' }],
    });
    expect(c.saved).toEqual(['0912345678', '0987654321']);
  });

  it('refuses a chunk said to start beyond the last row of a sheet, storing nothing', async () => {
    const c = chunk(['0912345678', '0987654321'], SHEET_MAX_ROWS);
    await expect(c.run()).rejects.toEqual(new AppError('VALIDATION', IMPORT_MSG.rowOutOfSheet));
    expect(c.saved).toEqual([]);
    // The last row of a sheet itself is fine.
    expect((await chunk(['0912345678'], SHEET_MAX_ROWS).run()).saved).toBe(1);
  });
});

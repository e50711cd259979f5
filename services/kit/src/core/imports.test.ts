import { AppError } from './errors';
import { importChunk, IMPORT_MSG, nfc, SHEET_MAX_ROWS } from './imports';

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

  it('reads decomposed Vietnamese (as a Mac types it) as the composed text: the same row, the same key', async () => {
    const composed = 'Nguyễn Thị Ánh - gói ST90K';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const stored: Array<{ row: { name: string }; importKey: string }> = [];
    const run = (rows: Array<{ name: string; note: string[] }>) =>
      importChunk({
        rows,
        parse: (raw) => (raw.name.startsWith('Nguyễn') ? { name: raw.name } : 'Tên không hợp lệ'),
        key: (row) => [row.name],
        save: async (good) => void stored.push(...good),
      });
    // In one chunk the two spellings are one row; sent again in the other spelling, the same key.
    expect(
      await run([
        { name: decomposed, note: [] },
        { name: composed, note: [] },
      ]),
    ).toEqual({ saved: 1, errorRows: [] });
    await run([{ name: composed, note: [] }]);
    expect(stored.map((s) => s.row.name)).toEqual([composed, composed]);
    expect(stored[0].importKey).toBe(stored[1].importKey);
  });

  it('keeps emoji, CJK and other 4-byte characters as they are', () => {
    expect(nfc({ a: 'Khách 😀 说', b: ['e\u0301'], n: 5, d: new Date(0) })).toEqual({
      a: 'Khách 😀 说',
      b: ['\u00e9'],
      n: 5,
      d: new Date(0),
    });
  });
});

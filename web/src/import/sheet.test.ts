import { LOOKUP_LOG_IMPORT_SPEC } from '../screens/lookup/lookupLogImport';
import * as XLSX from 'xlsx';
import { cellDate, cellText, chunk, importErrorsLabel, IMPORT_CHUNK_SIZE, mapSheetRows, parseCell, sendChunks, sheetCells, type ImportSpec, type SheetRow } from './sheet';

/** An .xlsx file's bytes holding these rows on its first sheet, as Excel would save it. */
const xlsxBytes = (rows: unknown[][]): ArrayBuffer => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
};

describe('cells', () => {
  it('parses digits, trimmed text and numbers', () => {
    expect(parseCell(' 0912.345.678 ', 'digits')).toBe('0912345678');
    expect(parseCell('1.500.000 đ', 'number')).toBe(1500000);
    expect(parseCell(2500, 'number')).toBe(2500);
    expect(parseCell('', 'number')).toBeNull();
    expect(parseCell('  Gói  A  ')).toBe('Gói  A');
    expect(parseCell(undefined)).toBe('');
  });

  it('reads text cells composed (NFC) and without invisible characters around them', () => {
    const name = 'Nguyễn Thị Ánh';
    expect(parseCell(name.normalize('NFD'))).toBe(name);
    expect(cellText('\uFEFF\u200B Gói ST90K\u00A0\u200D ')).toBe('Gói ST90K');
    // Inside the text they stay: only the ends are cleaned.
    expect(cellText('a\u200Bb')).toBe('a\u200Bb');
    expect(cellText('Khách 😀 说')).toBe('Khách 😀 说');
  });

  it('reads dates as DD/MM/YYYY from text, Excel serials and Date cells', () => {
    expect(cellDate('5/3/2025', 'DD/MM/YYYY')).toBe('05/03/2025');
    expect(cellDate('2025-03-05', 'DD/MM/YYYY')).toBe('05/03/2025');
    // 45721 is 2025-03-05 in Excel's 1900 system; .5 is noon.
    expect(cellDate(45721, 'DD/MM/YYYY')).toBe('05/03/2025');
    expect(cellDate(45721.5, 'DD/MM/YYYY HH:mm:ss')).toBe('05/03/2025 12:00:00');
    expect(cellDate(new Date(2025, 2, 5, 8, 30), 'DD/MM/YYYY HH:mm:ss')).toBe('05/03/2025 08:30:00');
    expect(cellDate('05-03-2025 08:30:00', 'DD/MM/YYYY HH:mm:ss')).toBe('05/03/2025 08:30:00');
    expect(cellDate('31/02/2025', 'DD/MM/YYYY')).toBe('');
    expect(cellDate('không phải ngày', 'DD/MM/YYYY')).toBe('');
  });
});

describe('sheet rows', () => {
  const spec: ImportSpec = {
    firstDataRow: 3,
    columns: [
      { col: 0, field: 'phone', parse: 'digits' },
      { col: 2, field: 'money', parse: 'number' },
      { col: 3, field: 'day', parse: 'date' },
    ],
  };
  const cells = [
    ['SAO KÊ'],
    ['SĐT', 'bỏ qua', 'Số tiền', 'Ngày'],
    ['0912 345 678', 'x', '1,000', '01/02/2025'],
    ['', '', '', ''],
    ['0987654321', 'y', 2000, 45721],
  ];

  it('skips the header rows and blank rows, keeping sheet row numbers', () => {
    expect(mapSheetRows(cells, spec)).toEqual([
      { rowNumber: 3, data: { phone: '0912345678', money: 1000, day: '01/02/2025' } },
      { rowNumber: 5, data: { phone: '0987654321', money: 2000, day: '05/03/2025' } },
    ]);
  });

  it('lets a screen drop rows and add fields (bank: amount above 0, file name, fixed channel)', () => {
    const bank: ImportSpec = {
      ...spec,
      skip: (r) => !r.phone,
      finish: (r, file) => (Number(r.money) > 0 ? { ...r, sender: 'VPBANK', ten_file_upload: file } : null),
    };
    const rows = mapSheetRows([...cells, ['0911111111', '', '0', '']], bank, 'sao-ke.xlsx');
    expect(rows.map((r) => r.rowNumber)).toEqual([3, 5]);
    expect(rows[0].data).toMatchObject({ sender: 'VPBANK', ten_file_upload: 'sao-ke.xlsx' });
  });

  it('reads the lookup-history export back (staff split into username and name)', () => {
    const exported = [
      ['#', 'Nhân viên', 'Số điện thoại', 'Loại tra cứu', 'Nội dung', 'Thời gian'],
      [1, 'nv01 - Nguyễn Văn A', '912345678', 'Tra cứu số dư', 'Số dư: 10.000\nHạn: 01/01', '05-03-2025 08:30:00'],
      [2, '', '', '', '', ''],
    ];
    expect(mapSheetRows(exported, LOOKUP_LOG_IMPORT_SPEC)).toEqual([
      {
        rowNumber: 2,
        data: {
          so_dien_thoai: '912345678',
          ten_tra_cuu: 'Tra cứu số dư',
          noi_dung: 'Số dư: 10.000\nHạn: 01/01',
          createdAt: '05/03/2025 08:30:00',
          username: 'nv01',
          full_name: 'Nguyễn Văn A',
        },
      },
    ]);
  });
});

describe('duplicates', () => {
  it('keeps the first row of each key, with its sheet row number', () => {
    const spec: ImportSpec = {
      firstDataRow: 2,
      columns: [
        { col: 0, field: 'phone', parse: 'digits' },
        { col: 1, field: 'package' },
      ],
      dedupeBy: (r) => `${String(r.phone).slice(-9)}|${r.package}`,
    };
    const rows = mapSheetRows(
      [['SĐT', 'Gói'], ['0912345678', 'MXH120'], ['84912345678', 'MXH120'], ['0912345678', 'V90'], ['0987654321', 'MXH120']],
      spec,
    );
    expect(rows.map((r) => [r.rowNumber, r.data.phone, r.data.package])).toEqual([
      [2, '0912345678', 'MXH120'],
      [4, '0912345678', 'V90'],
      [5, '0987654321', 'MXH120'],
    ]);
  });
});

describe('chunks', () => {
  const rows: SheetRow[] = Array.from({ length: 450 }, (_, i) => ({ rowNumber: i + 13, data: { n: i } }));

  it('are 200 rows at most', () => {
    expect(IMPORT_CHUNK_SIZE).toBe(200);
    expect(chunk(rows).map((c) => c.length)).toEqual([200, 200, 50]);
    expect(chunk([])).toEqual([]);
  });

  it("sum the server's saved counts and map refused rows to their sheet rows", async () => {
    const sent: Array<{ n: number; first: number }> = [];
    const progress: number[] = [];
    const outcome = await sendChunks(
      chunk(rows),
      async (body, first) => {
        sent.push({ n: body.length, first });
        return { saved: body.length - 1, errorRows: [{ index: 1, row: 0, error_type: 'Số điện thoại không hợp lệ', error_data: '{}', error_file: '' }] };
      },
      (done) => progress.push(done),
      'f.xlsx',
    );
    expect(sent).toEqual([
      { n: 200, first: 13 },
      { n: 200, first: 213 },
      { n: 50, first: 413 },
    ]);
    expect(progress).toEqual([200, 400, 450]);
    expect(outcome.saved).toBe(447);
    expect(outcome.errors.map((e) => e.row)).toEqual([14, 214, 414]);
    expect(outcome.errors[0]).toEqual({ row: 14, error_type: 'Số điện thoại không hợp lệ', error_data: '{}', error_file: 'f.xlsx' });
    expect(outcome.failed).toEqual([]);
  });

  it('keep the chunks that got no answer, to send the same chunks again', async () => {
    const chunks = chunk(rows);
    let calls = 0;
    const flaky = async (body: unknown[]) => {
      calls++;
      if (calls === 2) throw Object.assign(new Error('x'), { msg: 'Không kết nối được máy chủ' });
      return { saved: body.length };
    };
    const first = await sendChunks(chunks, flaky);
    expect(first.saved).toBe(250);
    expect(first.failed).toEqual([chunks[1]]);
    expect(first.failMsg).toBe('Không kết nối được máy chủ');
    const again = await sendChunks(first.failed, flaky);
    expect(again.saved).toBe(200);
    expect(again.failed).toEqual([]);
  });
});

describe('row-error button', () => {
  it('says how many rows the last import refused', () => {
    expect(importErrorsLabel(3)).toBe('Lỗi nhập (3)');
    expect(importErrorsLabel(1250)).toBe('Lỗi nhập (1,250)');
  });
});

describe('reading a file', () => {
  const spec: ImportSpec = {
    columns: [
      { col: 0, field: 'phone', parse: 'digits' },
      { col: 1, field: 'name' },
      { col: 2, field: 'amount', parse: 'number' },
    ],
  };

  it('reads an .xlsx with Unicode edge cases: decomposed Vietnamese, emoji, formula-like text, a long cell', () => {
    const long = 'x'.repeat(32_000);
    const cells = sheetCells(XLSX, xlsxBytes([
      ['SĐT', 'Tên', 'Tiền'],
      ['0912 345 678', 'Trần Văn Đức'.normalize('NFD'), '150.000'],
      ['0987654321', '😀 khách vui', 2000],
      ['0911111111', '=HYPERLINK("http://x")', ''],
      ['0922222222', long, 1],
    ]));
    expect(mapSheetRows(cells, spec, 'u.xlsx').map((r) => [r.rowNumber, r.data.phone, r.data.name, r.data.amount])).toEqual([
      [2, '0912345678', 'Trần Văn Đức', 150000],
      [3, '0987654321', '😀 khách vui', 2000],
      [4, '0911111111', '=HYPERLINK("http://x")', null],
      [5, '0922222222', long, 1],
    ]);
  });

  it('refuses a damaged file (a cut-off .xlsx) instead of reading part of it', () => {
    const whole = new Uint8Array(xlsxBytes([['SĐT'], ['0912345678']]));
    expect(() => sheetCells(XLSX, whole.slice(0, whole.length >> 1).buffer)).toThrow();
  });

  it('reads a workbook without cells as no rows', () => {
    expect(sheetCells(XLSX, xlsxBytes([]))).toEqual([]);
  });

  it('turns a 100,000-row sheet into 500 chunks of 200 rows, every sheet row once, in order', () => {
    const rows: unknown[][] = [['SĐT', 'Tên', 'Tiền']];
    for (let i = 0; i < 100_000; i++) rows.push([`09${String(i).padStart(8, '0')}`, `Khách ${i}`, i]);
    const mapped = mapSheetRows(rows, spec, 'big.xlsx');
    const chunks = chunk(mapped);
    expect(chunks).toHaveLength(500);
    expect(chunks.every((c) => c.length === 200)).toBe(true);
    expect(chunks[499][199]).toEqual({ rowNumber: 100_001, data: { phone: '0900099999', name: 'Khách 99999', amount: 99999 } });
    expect(new Set(mapped.map((r) => r.rowNumber)).size).toBe(100_000);
  });
});

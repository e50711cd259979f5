import * as XLSX from 'xlsx';
import {
  cellDate,
  cellText,
  chunk,
  columnLetter,
  columnsOf,
  expectedColumns,
  importErrorsLabel,
  IMPORT_CHUNK_SIZE,
  localRowErrors,
  mapSheetRows,
  parseCell,
  sendChunks,
  sheetCells,
  templateRows,
  type ImportSpec,
  type SheetRow,
} from './sheet';

/** A mapped row's request data and sheet row only (not the typed cells a row error quotes). */
const plain = (rows: SheetRow[]) => rows.map(({ rowNumber, data }) => ({ rowNumber, data }));

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
      { col: 0, field: 'phone', parse: 'digits', label: 'Số điện thoại' },
      { col: 2, field: 'money', parse: 'number', label: 'Số tiền' },
      { col: 3, field: 'day', parse: 'date', label: 'Ngày' },
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
    expect(plain(mapSheetRows(cells, spec))).toEqual([
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
});

describe('duplicates', () => {
  it('keeps the first row of each key, with its sheet row number', () => {
    const spec: ImportSpec = {
      firstDataRow: 2,
      columns: [
        { col: 0, field: 'phone', parse: 'digits', label: 'Số điện thoại' },
        { col: 1, field: 'package', label: 'Gói cước' },
      ],
      dedupeBy: (r) => `${String(r.phone).slice(-9)}|${r.package}`,
    };
    const rows = mapSheetRows(
      [
        ['SĐT', 'Gói'],
        ['0912345678', 'MXH120'],
        ['84912345678', 'MXH120'],
        ['0912345678', 'V90'],
        ['0987654321', 'MXH120'],
      ],
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
        return {
          saved: body.length - 1,
          errorRows: [{ index: 1, row: 0, error_type: 'Số điện thoại không hợp lệ', error_data: '{}', error_file: '' }],
        };
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
      { col: 0, field: 'phone', parse: 'digits', label: 'Số điện thoại' },
      { col: 1, field: 'name', label: 'Họ tên' },
      { col: 2, field: 'amount', parse: 'number', label: 'Số tiền' },
    ],
  };

  it('reads an .xlsx with Unicode edge cases: decomposed Vietnamese, emoji, formula-like text, a long cell', () => {
    const long = 'x'.repeat(32_000);
    const cells = sheetCells(
      XLSX,
      xlsxBytes([
        ['SĐT', 'Tên', 'Tiền'],
        ['0912 345 678', 'Trần Văn Đức'.normalize('NFD'), '150.000'],
        ['0987654321', '😀 khách vui', 2000],
        ['0911111111', '=HYPERLINK("http://x")', ''],
        ['0922222222', long, 1],
      ]),
    );
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
    expect(plain([chunks[499][199]])[0]).toEqual({ rowNumber: 100_001, data: { phone: '0900099999', name: 'Khách 99999', amount: 99999 } });
    expect(new Set(mapped.map((r) => r.rowNumber)).size).toBe(100_000);
  });
});

describe('the layout an import expects', () => {
  // The attendance sheet of the original app: username in B, check-in in E, check-out in F.
  const attendance: ImportSpec = {
    firstDataRow: 2,
    columns: [
      { col: 1, field: 'username', label: 'Tên đăng nhập', aliases: ['Username'] },
      { col: 4, field: 'gioVao', parse: 'datetime', label: 'Giờ vào' },
      { col: 5, field: 'gioRa', parse: 'datetime', label: 'Giờ ra' },
    ],
    example: { username: 'nv.an', gioVao: '03/11/2026 08:00:00', gioRa: '03/11/2026 17:30:00' },
  };

  it('names columns by letter and lists them in sheet order', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(expectedColumns(attendance)).toEqual(['Cột B: Tên đăng nhập', 'Cột E: Giờ vào', 'Cột F: Giờ ra']);
  });

  it('gives a template with the headers where the import reads them, and the example row', () => {
    expect(templateRows(attendance)).toEqual([
      ['', 'Tên đăng nhập', '', '', 'Giờ vào', 'Giờ ra'],
      ['', 'nv.an', '', '', '03/11/2026 08:00:00', '03/11/2026 17:30:00'],
    ]);
    // The template is read back as one good row.
    const rows = mapSheetRows(templateRows(attendance), attendance);
    expect(plain(rows)).toEqual([
      { rowNumber: 2, data: { username: 'nv.an', gioVao: '03/11/2026 08:00:00', gioRa: '03/11/2026 17:30:00' } },
    ]);
    expect(rows[0].problems).toBeUndefined();
  });

  it('reads a sheet made by hand by its headers (any order, case and diacritics aside, aliases), else by position', () => {
    const natural = [
      ['USERNAME', 'Họ tên', 'giờ ra', 'Gio vao'],
      ['nv.binh', 'Trần Bình', '03/11/2026 17:00:00', '03/11/2026 08:05:00'],
    ];
    expect(columnsOf(natural, attendance).map((c) => c.col)).toEqual([0, 3, 2]);
    expect(plain(mapSheetRows(natural, attendance))).toEqual([
      { rowNumber: 2, data: { username: 'nv.binh', gioVao: '03/11/2026 08:05:00', gioRa: '03/11/2026 17:00:00' } },
    ]);
    // A header row that does not name every column: the template's positions.
    expect(
      columnsOf(
        [
          ['STT', 'Ai đó'],
          ['1', 'x'],
        ],
        attendance,
      ).map((c) => c.col),
    ).toEqual([1, 4, 5]);
  });

  it('refuses a row whose cell is no date, quoting the cell as typed with its column, and sends it not', () => {
    const sheet = [
      templateRows(attendance)[0],
      ['', 'nv.an', '', '', '32/13/2026 25:61:00', '03/11/2026 17:30:00'],
      ['', 'nv.binh', '', '', '03/11/2026 08:00:00', '03/11/2026 17:00:00'],
    ];
    const rows = mapSheetRows(sheet, attendance, 'cham-cong.xlsx');
    expect(rows.map((r) => [r.rowNumber, r.problems])).toEqual([
      [2, ["Cột E (Giờ vào): '32/13/2026 25:61:00' không phải ngày giờ (DD/MM/YYYY HH:mm:ss)"]],
      [3, undefined],
    ]);
    expect(localRowErrors(rows, 'cham-cong.xlsx')).toEqual([
      {
        row: 2,
        error_type: "Cột E (Giờ vào): '32/13/2026 25:61:00' không phải ngày giờ (DD/MM/YYYY HH:mm:ss)",
        error_data: "Tên đăng nhập: 'nv.an' · Giờ vào: '32/13/2026 25:61:00' · Giờ ra: '03/11/2026 17:30:00'",
        error_file: 'cham-cong.xlsx',
      },
    ]);
  });

  it("quotes a row the server refuses by its typed cells, not the request's field names", async () => {
    const rows = mapSheetRows([templateRows(attendance)[0], ['', 'khong.co', '', '', '03/11/2026 08:00:00', '']], attendance, 'f.xlsx');
    const outcome = await sendChunks(
      [rows],
      async () => ({ saved: 0, errorRows: [{ index: 0, error_type: 'Nhân viên không tồn tại', error_data: '{"username":"khong.co"}' }] }),
      undefined,
      'f.xlsx',
    );
    expect(outcome.errors).toEqual([
      {
        row: 2,
        error_type: 'Nhân viên không tồn tại',
        error_data: "Tên đăng nhập: 'khong.co' · Giờ vào: '03/11/2026 08:00:00' · Giờ ra: ''",
        error_file: 'f.xlsx',
      },
    ]);
  });
});

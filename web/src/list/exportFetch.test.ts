import { ListStreamParser, INCOMPLETE_EXPORT } from './exportFetch';

/** Feeds `text` to a parser as UTF-8 bytes in chunks of `size` bytes (cutting characters, strings and tokens anywhere). */
function parse(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const p = new ListStreamParser();
  for (let i = 0; i < bytes.length; i += size) p.push(bytes.subarray(i, i + size));
  return p.end();
}

/** The rows of a parsed envelope (`data.values`). */
const valuesOf = (doc: object) => (doc as { data: { values: unknown[] } }).data.values;

const rows = [
  { id: 'a', noi_dung: 'có "ngoặc", dấu phẩy, {ngoặc nhọn} và [vuông] \\ xuống\ndòng', n: 1, tags: ['x', ']'] },
  { id: 'b', noi_dung: '', n: -2.5e3, nested: { values: [1, 2] } },
  { id: 'c', noi_dung: 'Tiếng Việt 😀', n: 0, tags: [] },
];
const doc = { status: 200, data: { values: rows, count: 3, tongTien: 12, countByName: [{ ten: 'a', count: 1 }] }, msg: 'ok' };

describe('ListStreamParser', () => {
  it.each([1, 2, 3, 7, 64, 100000])('reads the rows and the rest of the envelope, in chunks of %i bytes', (size) => {
    expect(parse(JSON.stringify(doc), size)).toEqual(doc);
    expect(parse(JSON.stringify(doc, null, 2), size)).toEqual(doc);
  });

  it('reads text chunks too', () => {
    const text = JSON.stringify(doc);
    const p = new ListStreamParser();
    for (let i = 0; i < text.length; i += 5) p.push(text.slice(i, i + 5));
    expect(p.end()).toEqual(doc);
  });

  it('hands each row on as soon as it is complete, before the body ends', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(doc));
    const p = new ListStreamParser();
    const rowsAfter: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      p.push(bytes.subarray(i, i + 1));
      rowsAfter.push(p.rows.length);
    }
    // Row n is out once the byte closing it has arrived (the same body cut just after that row), not later.
    for (const [n, row] of rows.entries()) {
      const upToRow = JSON.stringify({ status: 200, data: { values: rows.slice(0, n + 1) } }).slice(0, -']}}'.length);
      const closingByte = new TextEncoder().encode(upToRow).length - 1;
      expect(rowsAfter[closingByte - 1]).toBe(n);
      expect(rowsAfter[closingByte]).toBe(n + 1);
      expect(p.rows[n]).toEqual(row);
    }
    expect(valuesOf(p.end())).toEqual(rows);
  });

  it('joins a Vietnamese character cut between two chunks, at every cut', () => {
    const body = JSON.stringify({ status: 200, data: { values: [{ t: 'ặ😀ấ' }], count: 1 } });
    const bytes = new TextEncoder().encode(body);
    for (let cut = 1; cut < bytes.length; cut++) {
      const p = new ListStreamParser();
      p.push(bytes.subarray(0, cut));
      p.push(bytes.subarray(cut));
      expect(valuesOf(p.end())).toEqual([{ t: 'ặ😀ấ' }]);
    }
  });

  it('reads an empty list, and values that are not objects', () => {
    expect(parse('{"status":200,"data":{"values":[],"count":0}}', 5)).toEqual({ status: 200, data: { values: [], count: 0 } });
    expect(valuesOf(parse('{"status":200,"data":{"values":[1, "a,]b" ,null,[2]],"count":4}}', 3))).toEqual([1, 'a,]b', null, [2]]);
  });

  it('reads values in any key order, and an error envelope', () => {
    expect(parse('{"data":{"count":1,"values":[{"id":1}]},"status":200}', 4)).toEqual({
      data: { count: 1, values: [{ id: 1 }] },
      status: 200,
    });
    expect(parse('{"status":503,"code":"UNAVAILABLE","msg":"x"}', 4)).toEqual({ status: 503, code: 'UNAVAILABLE', msg: 'x' });
  });

  it.each([
    ['cut inside a row', JSON.stringify(doc).slice(0, 60)],
    ['cut between rows', '{"status":200,"data":{"values":[{"id":1},'],
    ['cut after the rows', '{"status":200,"data":{"values":[{"id":1}]'],
    ['nothing', ''],
    ['followed by more', '{"status":200}{"status":200}'],
  ])('refuses an answer %s', (_name, text) => {
    expect(() => parse(text, 7)).toThrow(INCOMPLETE_EXPORT);
  });
});

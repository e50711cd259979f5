import { ListStreamParser, INCOMPLETE_EXPORT } from './exportFetch';

/** Feeds `text` to a parser in chunks of `size` characters. */
function parse(text: string, size: number) {
  const p = new ListStreamParser();
  for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
  return p.end();
}

const rows = [
  { id: 'a', noi_dung: 'có "ngoặc", dấu phẩy, {ngoặc nhọn} và [vuông] \\ xuống\ndòng', n: 1, tags: ['x', ']'] },
  { id: 'b', noi_dung: '', n: -2.5e3, nested: { values: [1, 2] } },
  { id: 'c', noi_dung: 'Tiếng Việt 😀', n: 0, tags: [] },
];
const doc = { status: 200, data: { values: rows, count: 3, tongTien: 12, countByName: [{ ten: 'a', count: 1 }] }, msg: 'ok' };

describe('ListStreamParser', () => {
  it.each([1, 2, 3, 7, 64, 100000])('reads the rows and the rest of the envelope, in chunks of %i', (size) => {
    expect(parse(JSON.stringify(doc), size)).toEqual(doc);
    expect(parse(JSON.stringify(doc, null, 2), size)).toEqual(doc);
  });

  it('reads an empty list, and values that are not objects', () => {
    expect(parse('{"status":200,"data":{"values":[],"count":0}}', 5)).toEqual({ status: 200, data: { values: [], count: 0 } });
    expect(parse('{"status":200,"data":{"values":[1, "a,]b" ,null,[2]],"count":4}}', 3).data.values).toEqual([1, 'a,]b', null, [2]]);
  });

  it('reads values in any key order, and an error envelope', () => {
    expect(parse('{"data":{"count":1,"values":[{"id":1}]},"status":200}', 4)).toEqual({ data: { count: 1, values: [{ id: 1 }] }, status: 200 });
    expect(parse('{"status":503,"code":"UNAVAILABLE","msg":"x"}', 4)).toEqual({ status: 503, code: 'UNAVAILABLE', msg: 'x' });
  });

  it.each([
    ['cut inside a row', JSON.stringify(doc).slice(0, 60)],
    ['cut between rows', '{"status":200,"data":{"values":[{"id":1},'],
    ['cut after the rows', '{"status":200,"data":{"values":[{"id":1}]'],
    ['nothing', ''],
  ])('refuses an answer %s', (_name, text) => {
    expect(() => parse(text, 7)).toThrow(INCOMPLETE_EXPORT);
  });
});

import { exportCell, neutraliseFormula } from './exportExcel';
import type { ColumnDef } from './types';

describe('export cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","bấm")')).toBe('\'=HYPERLINK("http://x","bấm")');
    expect(neutraliseFormula('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(neutraliseFormula('+cmd|" /C calc"!A0')).toBe('\'+cmd|" /C calc"!A0');
    expect(neutraliseFormula('-2+3')).toBe("'-2+3");
    expect(neutraliseFormula('\t=1')).toBe("'\t=1");
  });

  it('leaves ordinary text, numbers and signed numbers alone', () => {
    expect(neutraliseFormula('Khách hẹn gọi lại')).toBe('Khách hẹn gọi lại');
    expect(neutraliseFormula('+84912345678')).toBe('+84912345678');
    expect(neutraliseFormula('-5000')).toBe('-5000');
    expect(neutraliseFormula(-5000)).toBe(-5000);
    expect(neutraliseFormula('')).toBe('');
  });

  it('formats a cell like the table before it is neutralised', () => {
    const col: ColumnDef<{ note: string }> = { field: 'note', headerName: 'Ghi chú' };
    expect(neutraliseFormula(exportCell(col, { note: '=1+1' }, 0))).toBe("'=1+1");
  });
});

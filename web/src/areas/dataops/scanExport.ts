import { NUM_TYPES } from '../../common/carrier';
import type { ColumnCommon, ColumnDef } from '../../list/types';
import { SCAN_SCREENS, type ScanKind, type ScanResult } from './api';
import { NUMBER_STATUS_LABEL, optionsOf, SCAN_RESULT_LABEL } from './rules';

/**
 * Columns of the DA-XU-LY export (spec 3 §3 "Scan result per number"; dtct for quetdtct), headed in
 * Vietnamese (the spec's field names in each header's description), codes in words, dates DD-MM-YYYY.
 */
export function exportColumns(kind: ScanKind): ColumnDef<ScanResult>[] {
  const c = (
    field: Extract<keyof ScanResult, string>,
    headerName: string,
    more: Partial<ColumnCommon<ScanResult>> = {},
  ): ColumnDef<ScanResult> => ({
    ...more,
    field,
    headerName,
    description: field,
  });
  const phone = c('PhoneNumber', 'Số điện thoại');
  const result = c('Status', 'Kết quả quét', { options: optionsOf(SCAN_RESULT_LABEL) });
  if (kind === 'quetdtct')
    return [
      phone,
      c('FileName', 'Tên file'),
      c('dtct', 'Đối tượng chương trình'),
      c('ngay_upload', 'Ngày tải lên', { kind: 'datetime' }),
      result,
    ];
  return [
    phone,
    c('NumberType', 'Loại thuê bao', { options: optionsOf(NUM_TYPES) }),
    c('NumberCurrentPackage', 'Gói cước hiện tại'),
    c('NumberPackageRegisterDate', 'Ngày đăng ký gói', { kind: 'date' }),
    c('NumberPackageRegisterExpire', 'Ngày hết hạn gói', { kind: 'date' }),
    c('CurrentCycle', 'Chu kỳ hiện tại', { kind: 'number' }),
    ...(SCAN_SCREENS[kind].freeCycles ? [c('NumberFreeCycleLeft', 'Số chu kỳ miễn phí còn lại', { kind: 'number' })] : []),
    c('NumberStatus', 'Trạng thái gói', { options: optionsOf(NUMBER_STATUS_LABEL) }),
    result,
  ];
}

/** The order lists' filters (spec 3 §7.8): the 9279 list's extra ones are the managers' (spec 3 §2.16). */
import { isManager } from '../../api/access';
import { today } from '../../common/format';
import type { ListConfig, ListContext } from '../../list/types';
import type { OrderApi, OrderKind, OrderRecord } from './api';
import {
  COLLECTION_OPTIONS,
  FORM_OPTIONS,
  MFY_REQUEST_OPTIONS,
  MFY_STATUS_OPTIONS,
  R9279_REQUEST_OPTIONS,
  R9279_STATUS_OPTIONS,
  TIER_OPTIONS,
} from './statuses';

export function orderFilters(kind: OrderKind, calls: OrderApi): ListConfig<OrderRecord>['filters'] {
  const mfy = kind === 'mfy';
  const ifManager = (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority);
  return [
    { key: 'phone', type: 'text', label: 'Số thuê bao', placeholder: 'Tìm số thuê bao', width: 180 },
    { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => today() },
    { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
    {
      key: 'trang_thai_yeu_cau',
      type: 'select',
      label: 'Trạng thái yêu cầu',
      allLabel: 'Tất cả',
      options: mfy ? MFY_REQUEST_OPTIONS : R9279_REQUEST_OPTIONS,
      width: 190,
    },
    {
      key: 'trang_thai',
      type: 'select',
      label: 'Trạng thái',
      allLabel: 'Tất cả',
      options: mfy ? MFY_STATUS_OPTIONS : R9279_STATUS_OPTIONS,
      width: 190,
    },
    { key: 'trang_thai_thu_tien', type: 'select', label: 'Thu tiền', allLabel: 'Tất cả', options: COLLECTION_OPTIONS, width: 170 },
    ...(mfy
      ? []
      : ([
          { key: 'username_nv', type: 'text', label: 'Nhân viên', width: 150, visible: ifManager },
          {
            key: 'hinh_thuc',
            type: 'select',
            label: 'Hình thức',
            allLabel: 'Tất cả',
            options: FORM_OPTIONS,
            width: 150,
            visible: ifManager,
          },
          { key: 'ma_goi', type: 'text', label: 'Mã gói', width: 130, visible: ifManager },
          {
            key: 'gia_ban_goi',
            type: 'select',
            label: 'Loại giá',
            allLabel: 'Tất cả',
            options: TIER_OPTIONS,
            width: 120,
            visible: ifManager,
          },
          {
            key: 'cty',
            type: 'select',
            label: 'Công ty',
            allLabel: 'Tất cả',
            width: 170,
            visible: ifManager,
            loadOptions: async (ctx: ListContext<OrderRecord>) =>
              isManager(ctx.session.priority) ? (await calls.companies()).values.map((c) => ({ value: c.name, label: c.name })) : [],
          },
          { key: 'note', type: 'text', label: 'Ghi chú', width: 150, visible: ifManager },
        ] as ListConfig<OrderRecord>['filters'] & object)),
  ];
}

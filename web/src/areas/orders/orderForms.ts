/** The order lists' dialogs: create/edit an order, and the company and note of one. */
import type { FormConfig, FormOption } from '../../form/types';
import { isManager, leadsPeople } from '../../api/access';
import { ORDER_LISTS, orderApi, priceApi, type OrderInput, type OrderKind, type OrderRecord, type PackagePrice } from './api';
import { FORM_OPTIONS } from './statuses';

/** The create/edit dialog (spec 3 §5 "Order dialog"): phone, package, tier (T1/T2 with amounts); employee below priority 5; owner phone below 3. */
export function orderForm(kind: OrderKind): FormConfig<OrderRecord, OrderInput> {
  const calls = orderApi(kind);
  const prices = priceApi(ORDER_LISTS[kind].prices);
  return {
    title: (mode) => (mode === 'create' ? 'Tạo đơn' : 'Cập nhật đơn'),
    successMsg: (mode) => (mode === 'create' ? 'Tạo đơn thành công' : 'Cập nhật đơn thành công'),
    errorMsg: (mode) => (mode === 'create' ? 'Xảy ra lỗi hoặc sđt đã được mời trước đó!' : 'Cập nhật đơn thất bại'),
    submitLabel: 'Lưu',
    fields: [
      { key: 'so_dien_thoai', label: 'Số thuê bao', type: 'text', required: true, digitsOnly: true, initial: () => '', modes: ['create'] },
      {
        key: 'ma_goi',
        label: 'Gói cước',
        type: 'select',
        required: true,
        loadOptions: async () =>
          (await prices.listNoLimit()).values.map((p) => ({ value: p.ten_goi_cuoc, label: p.ten_goi_cuoc, data: p })),
      },
      {
        key: 'gia_ban_goi',
        label: 'Giá bán gói',
        type: 'select',
        required: true,
        initial: (r) => String(r.gia_ban_goi),
        options: (v, ctx) => {
          // The package option carries its price (loadOptions above).
          const p = ctx.options.ma_goi?.find((o) => o.value === v.ma_goi)?.data as PackagePrice | undefined;
          const amount = (t: number) => (p ? ` - ${Number(t === 1 ? p.gia_t1 : p.gia_t2).toLocaleString('en-US')}` : '');
          return [1, 2].map((t) => ({ value: String(t), label: `T${t}${amount(t)}`, testKey: `T${t}` }));
        },
      },
      ...(kind === '9279'
        ? [
            {
              key: 'hinh_thuc',
              label: 'Hình thức',
              type: 'select' as const,
              required: true,
              options: FORM_OPTIONS.map((o) => ({ ...o })) as FormOption[],
            },
          ]
        : []),
      {
        key: 'username_nv',
        label: 'Nhân viên',
        type: 'select',
        required: true,
        visibleTo: (v) => leadsPeople(v.priority),
        loadOptions: async () =>
          (await calls.employees()).values.map((s) => ({ value: s.username, label: `${s.username} - ${s.fullname}`, testKey: s.username })),
      },
      {
        key: 'so_dien_thoai_chu',
        label: 'Số điện thoại chủ',
        type: 'text',
        digitsOnly: true,
        visibleTo: (v) => isManager(v.priority),
        omitBlank: true,
      },
    ],
    submit: (v, ctx) => {
      const body = { ...v, gia_ban_goi: String(v.gia_ban_goi ?? '') };
      return ctx.row ? calls.update(ctx.row.id, body) : calls.create(body);
    },
  };
}

/** 'Công ty, ghi chú' (spec 3 §5 "Company and note update modal"): the company from the managers' list, and a note. */
export function companyNoteForm(kind: OrderKind): FormConfig<OrderRecord, { cty: string; note: string }> {
  const calls = orderApi(kind);
  return {
    title: 'Cập nhật công ty, ghi chú',
    successMsg: 'Cập nhật thành công',
    errorMsg: 'Cập nhật thất bại',
    submitLabel: 'Lưu',
    fields: [
      {
        // Chosen from the managers' list, not typed; the server refuses any other.
        key: 'cty',
        label: 'Công ty',
        type: 'select',
        loadOptions: async (_v, ctx) => {
          const listed = (await calls.companies()).values.map((c) => ({ value: c.name, label: c.name, testKey: c.name }));
          const current = ctx.row?.cty;
          return current && !listed.some((o) => o.value === current)
            ? [{ value: current, label: `${current} (đã xoá khỏi danh sách)` }, ...listed]
            : listed;
        },
      },
      { key: 'note', label: 'Ghi chú', type: 'text' },
    ],
    submit: (v, ctx) => calls.companyNote(ctx.row?.id ?? '', { cty: v.cty ?? '', note: v.note ?? '' }),
  };
}

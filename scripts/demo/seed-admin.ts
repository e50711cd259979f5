/** The administrator's part of the demo office: accounts with their roles, invite channels, prices and settings. */
import { ApiError, importRows, type Caller } from './api';
import { BRANCH_CHANNELS, DEMO_PASSWORD, ORDER_PRICES, REFUND_PRICES, STAFF } from './office';

export async function seedAccountsAndPrices(admin: Caller, log: (line: string) => void): Promise<void> {
  // ---- the administrator: accounts, channels, prices, settings ----
  log('tài khoản nhân viên');
  const roles = (await admin('GET', '/api/v1/role?page=1&count=100')).values as Array<{ id: string; priority: number }>;
  const roleId = (p: number) => {
    const r = roles.find((x) => x.priority === p);
    if (!r) throw new ApiError(`no seeded role of priority ${p}`);
    return r.id;
  };
  const ids = new Map<string, string>();
  for (const p of STAFF) {
    let id: string | undefined;
    try {
      id = (await admin('GET', `/api/v1/users/findByUsername/${p.username}`))?.id;
    } catch {
      id = undefined;
    }
    if (!id) {
      const u = await admin('POST', '/api/v1/users', {
        fullname: p.fullname,
        username: p.username,
        password: DEMO_PASSWORD,
        email: p.email,
        phone: p.phone,
        role: roleId(p.priority),
        brand: p.branch ? ids.get(p.branch) : '',
        group: p.leader ? ids.get(p.leader) : '',
      });
      id = u.id as string;
    }
    ids.set(p.username, id);
  }
  for (const [branch, channelName, channelText] of BRANCH_CHANNELS) {
    await admin('POST', '/api/v1/userkenhmoigoi/chonKenh', { accountUsername: branch, channelName, channelText });
  }

  log('bảng giá, cài đặt hoàn tiền');
  for (const base9 of ['giagoimfy', 'giagoidangky9279']) {
    const rows = ORDER_PRICES.map(([ten_goi_cuoc, t1, t2, t3, fee]) => ({
      ten_goi_cuoc,
      phi_thu_hoi: String(fee),
      gia_t1: String(t1),
      gia_t2: String(t2),
      gia_t3: String(t3),
    }));
    await importRows(admin, `/api/v1/${base9}/import?file_name=Bang-gia-${base9}.xlsx`, rows, `price list ${base9}`);
  }
  for (const [pkg, price] of REFUND_PRICES) {
    const exists = await admin('GET', `/api/v1/giahoantien/findPackage/${pkg}`).catch(() => undefined);
    if (exists?.id) continue;
    const k = price / 1000;
    await admin('POST', '/api/v1/giahoantien', {
      ten_goi_cuoc: pkg,
      gia_goi: price,
      gia_gia_han: Math.round(price * 0.1),
      gia_nang_cap: Math.round(price * 0.15),
      gia_nang_cap_t2: Math.round(price * 0.12),
      gia_nang_cap_t3: Math.round(price * 0.1),
      gia_nang_cap_ht0: k * 100,
      gia_nang_cap_ht1: k * 120,
      gia_nang_cap_ht2: k * 140,
      gia_nang_cap_ht3: k * 160,
      gia_nang_cap_ht4: k * 180,
      gia_nang_cap_g1: Math.round(price * 0.2),
      gia_nang_cap_g2: Math.round(price * 0.25),
      gia_nang_cap_g3: Math.round(price * 0.3),
    });
  }
  await admin('PUT', '/api/v1/setting/ti_le_chiet_khau', { value: '10' });
  await admin('PUT', '/api/v1/setting/ti_le_chiet_khau_tra_sau', { value: '8' });
}

/**
 * Data split, data permission, taking numbers, blacklist and OTP 1414 on real PostgreSQL and Kafka:
 *  - data-split uploads drop duplicates by phone plus package and refuse blacklisted numbers;
 *  - grants stay inside the caller's subtree, sections and own permissions;
 *  - concurrent split saves never hand out more than the file holds;
 *  - concurrent takes give distinct numbers within the quota, never a blacklisted one;
 *  - every blacklist change is published (cskh.dataops.blacklist-changed).
 */
import { vnIsoDay, DAY_MS } from '@cskh/kit';
import { Subscription } from '@cskh/kit/service';
import { failure, rand, TestService, until } from '@cskh/kit/testing';
import { events_v1_dataops } from '@cskh/proto';
import type { CarrierSimHandle } from '../../carrier-sim/src/main';
import { announceStaff, phones, startDataops, startSim } from './helpers';

let sim: CarrierSimHandle;
let d: Awaited<ReturnType<typeof startDataops>>;
let t: TestService;
let sub: Subscription;
const events: events_v1_dataops.BlacklistChanged[] = [];
const R = rand();
const branch = `cn_${R}`;
const leader = `tn_${R}`;
const sale1 = `nv1_${R}`;
const sale2 = `nv2_${R}`;
const outsider = `nvx_${R}`;
const today = vnIsoDay(Date.now());
const tomorrow = vnIsoDay(Date.now() + DAY_MS);

beforeAll(async () => {
  sim = await startSim(0);
  d = await startDataops(sim, 'S');
  t = d.t;
  await announceStaff(t, [
    { username: branch, user_id: `u-${branch}`, role_priority: 3 },
    { username: leader, user_id: `u-${leader}`, role_priority: 4, brand_id: `u-${branch}` },
    { username: sale1, role_priority: 5, brand_id: `u-${branch}`, group_id: `u-${leader}` },
    { username: sale2, role_priority: 5, brand_id: `u-${branch}`, group_id: `u-${leader}` },
    { username: outsider, role_priority: 5, brand_id: 'u-other', group_id: 'u-other-leader' },
  ]);
  sub = await t.bus.subscribe({
    groupId: `bl-${rand()}`,
    topics: ['cskh.dataops.blacklist-changed'],
    fromBeginning: true,
    handler: async (m) => void events.push(events_v1_dataops.BlacklistChanged.decode(m.value)),
  });
});
afterAll(async () => {
  await sub?.stop();
  await t?.stop();
  await sim?.stop();
});

const coordinator = (username = `dp_${R}`) => t.as(7, ['uploadchiadata', 'phanquyendata', 'chiadata', 'blacklist'], { username });
const manager = () => t.as(2, ['uploadchiadata', 'phanquyendata', 'chiadata', 'blacklist', 'mes1414otp'], { username: `ql_${R}` });
const asLeader = () => t.as(4, ['phanquyendata', 'chiadata'], { username: leader, userId: `u-${leader}` });
const none = { username: '-99', files: [], dates: [] };

function splitRow(phone: string, FileName: string, goi_cuoc = 'MAX90') {
  return {
    so_dien_thoai: phone,
    loai_thue_bao: 'MC',
    goi_cuoc,
    ngay_dang_ky: '',
    ngay_het_han: '',
    chu_ky_hien_tai: '1',
    trang_thai: 'ACTIVE',
    goi_co_the_dang_ky: 'MAX90',
    so_chu_ky_mien_phi_con_lai: '0',
    FileName,
    nguoi_lay: '',
    ngay_lay: '',
  };
}

describe('blacklist', () => {
  it('create, duplicate, edit, delete and import — each change published', async () => {
    const [p1, p2, p3, p4] = phones(4);
    const e = await d.lists.createBlacklist({ id: '', phone_number: p1, description: 'Khiếu nại' }, { identity: manager() });
    expect(e).toMatchObject({ phone_number: p1, description: 'Khiếu nại' });
    expect(
      await failure(d.lists.createBlacklist({ id: '', phone_number: p1.replace(/^0/, '84'), description: '' }, { identity: manager() })),
    ).toMatchObject({
      code: 'CONFLICT',
      msg: 'Số điện thoại đã có trong danh sách đen',
    });
    await d.lists.updateBlacklist({ id: e.id, phone_number: p2, description: 'Đổi số' }, { identity: manager() });
    const imp = await d.lists.importBlacklist(
      {
        rows: [
          { phone_number: p3, description: 'a' },
          { phone_number: p3, description: 'b' },
          { phone_number: 'abc', description: '' },
        ],
        first_row: 2,
      },
      { identity: manager() },
    );
    expect(imp.saved).toBe(1);
    expect(imp.errorRows).toMatchObject([{ row: 4, error_type: 'Số điện thoại không hợp lệ' }]);
    await d.lists.deleteBlacklist({ id: e.id }, { identity: manager() });
    await until('events', () => events.filter((x) => [p1, p2, p3].some((p) => x.phone.endsWith(p.slice(-9)))).length >= 5);
    // Order holds per phone (the key); different phones may arrive in any order.
    const story = (p: string) => events.filter((x) => x.phone === p).map((x) => x.blacklisted);
    expect(story(p1)).toEqual([true, false]);
    expect(story(p2)).toEqual([true, false]);
    expect(events.find((x) => x.phone === p3)).toMatchObject({ blacklisted: true, changed_by: `ql_${R}` });
    for (const p of [p1, p2]) {
      const versions = events.filter((x) => x.phone === p).map((x) => Number(x.version));
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }
    const list = await d.lists.listBlacklist({ page: 1, count: 10, message: p3.slice(-6), description: '' }, { identity: manager() });
    expect(list.values.map((v) => v.phone_number)).toEqual([p3]);
    const hist = await d.lists.blacklistHistory({ id: e.id, page: 1, count: 10 }, { identity: manager() });
    expect(hist.values.map((h) => h.field)).toContain('phone_number');
    void p4;
  });
});

describe('data split', () => {
  const file = `chia-${R}.xlsx`;
  let blocked: string;
  let nums: string[];

  beforeAll(async () => {
    nums = phones(12);
    blocked = nums[11];
    await d.lists.createBlacklist({ id: '', phone_number: blocked, description: 'đen' }, { identity: manager() });
    const rows = [...nums.map((p) => splitRow(p, file)), splitRow(nums[0], file), splitRow(nums[0], file, 'OTHER')];
    const r = await d.split.importSplitRows({ rows, first_row: 2 }, { identity: coordinator() });
    // 12 numbers + the same phone with another package; the blacklisted one and the exact duplicate are not stored.
    expect(r.errorRows.map((e) => e.error_type)).toEqual(['Số điện thoại nằm trong danh sách đen']);
    const info = await d.split.getSplitFileInfo({ FileName: file }, { identity: coordinator() });
    expect(info).toMatchObject({ tong: 12, tong_da_dung: 0, is_activated: 0 });
  });

  it('activates and stops taking numbers with the spec texts', async () => {
    expect((await d.split.activateSplitFile({ FileName: file, is_activated: 1 }, { identity: coordinator() })).msg).toBe(
      'Đã kích hoạt lấy số',
    );
    expect((await d.split.activateSplitFile({ FileName: file, is_activated: 0 }, { identity: coordinator() })).msg).toBe('Đã dừng lấy số');
    await d.split.activateSplitFile({ FileName: file, is_activated: 1 }, { identity: coordinator() });
  });

  it('grants stay in the subtree, the sections and the caller’s own permissions', async () => {
    // Priority 7 grants the branch section and any date of the window.
    await d.split.handleCustomDataOption(
      {
        branch: { username: branch, files: [file], dates: [today] },
        leader: { username: leader, files: [file], dates: [today, tomorrow] },
        sale: none,
      },
      { identity: coordinator() },
    );
    // The leader may not use the branch section, grant outside their group, or a day they do not hold.
    expect(
      (
        await failure(
          d.split.handleCustomDataOption(
            { branch: { username: branch, files: [file], dates: [today] }, leader: none, sale: none },
            { identity: asLeader() },
          ),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      await failure(
        d.split.handleCustomDataOption(
          { branch: none, leader: none, sale: { username: outsider, files: [file], dates: [today] } },
          { identity: asLeader() },
        ),
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      msg: `Tài khoản ${outsider} không thuộc phạm vi quản lý của bạn`,
    });
    const future = vnIsoDay(Date.now() + 3 * DAY_MS);
    expect(
      await failure(
        d.split.handleCustomDataOption(
          { branch: none, leader: none, sale: { username: sale1, files: [file], dates: [future] } },
          { identity: asLeader() },
        ),
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      msg: `Bạn không có quyền data ngày ${future}`,
    });
    // Within their own: the whole group at once (__ALL).
    const ok = await d.split.handleCustomDataOption(
      { branch: none, leader: none, sale: { username: '__ALL', files: [file], dates: [today] } },
      { identity: asLeader() },
    );
    expect(ok.msg).toBe('Đã lưu cài đặt phân quyền!');
    const opt = await d.split.getOptionDataByUsername({ username: sale2 }, { identity: asLeader() });
    expect(opt).toMatchObject({ files: [file], ngay: [today] });
    expect((await failure(d.split.getOptionDataByUsername({ username: outsider }, { identity: asLeader() }))).code).toBe('FORBIDDEN');
    expect(
      await failure(
        d.split.handleCustomDataOption(
          { branch: none, leader: none, sale: { username: sale1, files: [file], dates: ['2020-01-01'] } },
          { identity: manager() },
        ),
      ),
    ).toMatchObject({
      code: 'VALIDATION',
      msg: 'Ngày 2020-01-01 đã qua, chỉ phân quyền từ hôm nay trở đi',
    });
  });

  it('each section saves alone: the others are left as they are; the targets name their branch and leader', async () => {
    await d.split.handleCustomDataOption(
      { branch: none, leader: { username: leader, files: [file], dates: [today, tomorrow] }, sale: none },
      { identity: coordinator() },
    );
    // The staff section's own save (branch and leader as the placeholder) changes only that salesperson.
    await d.split.handleCustomDataOption(
      { branch: none, leader: none, sale: { username: sale1, files: [], dates: [] } },
      { identity: coordinator() },
    );
    expect(await d.split.getOptionDataByUsername({ username: leader }, { identity: coordinator() })).toMatchObject({
      files: [file],
      ngay: [today, tomorrow],
    });
    expect(await d.split.getOptionDataByUsername({ username: sale1 }, { identity: coordinator() })).toMatchObject({ files: [], ngay: [] });
    // Nothing chosen in any section: a Vietnamese refusal, not a silent success.
    const empty = await failure(d.split.handleCustomDataOption({ branch: none, leader: none, sale: none }, { identity: coordinator() }));
    expect(empty).toMatchObject({ code: 'VALIDATION', msg: 'Chưa chọn tài khoản để phân quyền' });
    const targets = (await d.split.listDataTargets({}, { identity: coordinator() })).values.filter((v) => v.username.endsWith(R));
    expect(targets.find((v) => v.username === branch)).toMatchObject({ user_id: `u-${branch}`, priority: 3 });
    expect(targets.find((v) => v.username === leader)).toMatchObject({ brand_id: `u-${branch}`, priority: 4 });
    expect(targets.find((v) => v.username === sale1)).toMatchObject({ brand_id: `u-${branch}`, leader, priority: 5 });
    expect(targets.find((v) => v.username === outsider)?.leader ?? '').toBe('');
    // The salesperson's grant back as the tests after this one expect it.
    await d.split.handleCustomDataOption(
      { branch: none, leader: none, sale: { username: sale1, files: [file], dates: [today] } },
      { identity: coordinator() },
    );
  });

  it('concurrent split saves never hand out more than the file holds', async () => {
    expect((await failure(d.split.handleFileUserQuantityOption({ FileName: '', assigns: {} }, { identity: coordinator() }))).msg).toBe(
      'Chưa chọn file để chia data',
    );
    // Two coordinators at once: 7 + 7 > 12 — exactly one is saved.
    const results = await Promise.allSettled([
      d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [sale1]: 7 } }, { identity: coordinator(`dp1_${R}`) }),
      d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [sale2]: 7 } }, { identity: coordinator(`dp2_${R}`) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const opts = await d.split.getOptionDataByFile({ FileName: file }, { identity: coordinator() });
    expect(opts.values.reduce((n, v) => n + v.quantity, 0)).toBe(7);
    expect(opts.con_lai).toBe(5);
    // Reset to a known split: sale1 gets 5, sale2 gets 5, the outsider none (not in a leader's subtree, but 7 sees all).
    await d.split.handleFileUserQuantityOption(
      {
        FileName: file,
        assigns: { [sale1]: 5, [sale2]: 0 },
      },
      { identity: coordinator() },
    );
    await d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [sale2]: 4 } }, { identity: coordinator() });
    expect(
      (await failure(d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [outsider]: 3 } }, { identity: asLeader() }))).code,
    ).toBe('FORBIDDEN');
  });

  it('concurrent takes give distinct numbers within the quota, never a blacklisted one', async () => {
    // A number blacklisted after the upload is skipped too.
    const lateBlocked = nums[0];
    await d.lists.createBlacklist({ id: '', phone_number: lateBlocked, description: 'muộn' }, { identity: manager() });
    const takes = await Promise.all([
      ...Array.from({ length: 8 }, () => d.internal.takeSplitNumber({ username: sale1 })),
      ...Array.from({ length: 8 }, () => d.internal.takeSplitNumber({ username: sale2 })),
    ]);
    const got1 = takes.slice(0, 8).filter((x) => x.found);
    const got2 = takes.slice(8).filter((x) => x.found);
    expect(got1).toHaveLength(5);
    expect(got2).toHaveLength(4); // quotas 5 and 4 of the 10 numbers left once two are blacklisted
    const all = [...got1, ...got2].map((x) => x.phone);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(lateBlocked);
    expect(all).not.toContain(blocked);
    expect(takes.find((x) => !x.found)!.reason).toBe('Không còn số nào từ file chia data cho bạn hôm nay');
    const info = await d.split.getSplitFileInfo({ FileName: file }, { identity: coordinator() });
    expect(info.tong_da_dung).toBe(9);
    // The outsider was given no numbers: nothing, and no split-file reason (care says its own).
    expect(await d.internal.takeSplitNumber({ username: outsider })).toMatchObject({ found: false, reason: '' });
    // Stopping the file stops taking.
    await d.split.activateSplitFile({ FileName: file, is_activated: 0 }, { identity: coordinator() });
    await d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [sale2]: 5 } }, { identity: coordinator() });
    expect((await d.internal.takeSplitNumber({ username: sale2 })).found).toBe(false);
    await d.split.activateSplitFile({ FileName: file, is_activated: 1 }, { identity: coordinator() });
    const last = await d.internal.takeSplitNumber({ username: sale2 });
    expect(last).toMatchObject({ found: true, file_name: file });
    expect(all).not.toContain(last.phone);
    // Nobody's quantity goes below what they took.
    expect(
      (await failure(d.split.handleFileUserQuantityOption({ FileName: file, assigns: { [sale1]: 2 } }, { identity: coordinator() }))).msg,
    ).toBe(`${sale1} đã lấy 5 số, không thể chia ít hơn`);
  });
});

describe('OTP 1414', () => {
  it('reads the code from the message, imports keyed by phone', async () => {
    const [p1, p2] = phones(2);
    const o = await d.lists.createOtp(
      { id: '', phone_number: p1, str_mes: 'Ma OTP cua ban la 482913', otp: '', datetime: '' },
      { identity: manager() },
    );
    expect(o).toMatchObject({ otp: '482913', phone_number: p1 });
    const imp = await d.lists.importOtp(
      {
        rows: [
          { phone_number: p1, description: 'Ma OTP 1111 moi' },
          { phone_number: p2, description: 'Ma OTP 2222' },
          { phone_number: p2, description: 'khong co ma' },
        ],
        first_row: 2,
      },
      { identity: manager() },
    );
    expect(imp.saved).toBe(2);
    expect(imp.errorRows).toMatchObject([{ row: 4, error_type: 'Không tìm thấy mã OTP trong tin nhắn' }]);
    const list = await d.lists.listOtp({ page: 1, count: 10, message: '', description: p1.slice(-9) }, { identity: manager() });
    expect(list.values).toHaveLength(1);
    expect(list.values[0]).toMatchObject({ otp: '1111', id: o.id, blacklisted: false });
  });

  it('a number put on the blacklist from its 1414 message shows as blocked there, and only that one (spec 3 §2.18, §7.10)', async () => {
    const [p1, p2] = phones(2);
    const a = await d.lists.createOtp(
      { id: '', phone_number: p1, str_mes: 'Ma OTP cua ban la 731902', otp: '', datetime: '' },
      { identity: manager() },
    );
    const b = await d.lists.createOtp(
      { id: '', phone_number: p2, str_mes: 'Ma OTP cua ban la 731903', otp: '', datetime: '' },
      { identity: manager() },
    );
    // The dialog's save: the blacklist's own create, with the number written as the message has it (leading 0 or 84).
    await d.lists.createBlacklist(
      { id: '', phone_number: `84${p1.slice(-9)}`, description: 'Nhắn 1414: Ma OTP cua ban la 731902' },
      { identity: manager() },
    );
    const shown = async (phone: string) =>
      (await d.lists.listOtp({ page: 1, count: 10, message: '', description: phone.slice(-9) }, { identity: manager() })).values[0];
    expect(await shown(p1)).toMatchObject({ id: a.id, blacklisted: true });
    expect(await shown(p2)).toMatchObject({ id: b.id, blacklisted: false });
    expect(await d.lists.getOtp({ id: a.id }, { identity: manager() })).toMatchObject({ blacklisted: true });
    // A second time: the blacklist's Vietnamese refusal, not a 5xx.
    const again = await failure(d.lists.createBlacklist({ id: '', phone_number: p1, description: 'lần nữa' }, { identity: manager() }));
    expect(again.code).not.toBe('INTERNAL');
    expect(again.msg).toMatch(/danh sách đen|đã có|tồn tại/i);
  });
});

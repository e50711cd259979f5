import { auth_v1_auth } from '@cskh/proto';
import { Identity } from '@cskh/kit';
import { failure } from '@cskh/kit/testing';
import { AuthHarness, createUser, identityOf, startAuth, uniq } from './helpers';

let h: AuthHarness;
let branch: auth_v1_auth.User & { password: string };
let otherBranch: auth_v1_auth.User & { password: string };
let sale: auth_v1_auth.User & { password: string };
let manager: Identity;

beforeAll(async () => {
  h = await startAuth();
  branch = await createUser(h, { priority: 3, username: uniq('CN_') });
  otherBranch = await createUser(h, { priority: 3, username: uniq('CN_') });
  sale = await createUser(h, { priority: 5, brand: branch.id });
  manager = await identityOf(h, await createUser(h, { priority: 2 }));
});
afterAll(async () => {
  await h?.stop();
});

const req = (accountUsername: string, channelName: string) => ({ accountUsername, channelName, channelText: '' });
const choose = (u: string, ch: string, as: Identity = h.admin) =>
  h.call<auth_v1_auth.ChannelReply>(h.clients.channels, 'chooseChannel', req(u, ch), as);
const cancel = (u: string, ch: string, as: Identity = h.admin) =>
  h.call<auth_v1_auth.ChannelReply>(h.clients.channels, 'cancelChannel', req(u, ch), as);
const find = (u: string, ch: string, as: Identity) =>
  h.call<auth_v1_auth.ChannelAssignment>(h.clients.channels, 'findChannel', req(u, ch), as);

describe('choose and cancel', () => {
  it('selects and cancels a channel for a branch account, naming both in the message', async () => {
    const r = await choose(branch.username, 'ma_xac_nhan_1');
    expect(r.msg).toBe(`Đã chọn kênh Mã xác nhận 1 cho tài khoản ${branch.username}`);
    expect(r.channel).toEqual({ staff_username: branch.username, kenh: 'ma_xac_nhan_1', active: true });
    expect((await find(branch.username, 'ma_xac_nhan_1', h.admin)).active).toBe(true);
    const c = await cancel(branch.username, 'ma_xac_nhan_1');
    expect(c.msg).toBe(`Đã huỷ kênh Mã xác nhận 1 cho tài khoản ${branch.username}`);
    expect((await find(branch.username, 'ma_xac_nhan_1', h.admin)).active).toBe(false);
  });

  it('lists the assignments, one row per account and channel', async () => {
    await choose(otherBranch.username, 'ma_xac_nhan_2');
    await choose(otherBranch.username, 'ma_xac_nhan_2');
    await choose(otherBranch.username, 'ma_xac_nhan_3');
    const l = await h.call<auth_v1_auth.ChannelList>(h.clients.channels, 'listChannels', {}, h.admin);
    const mine = l.values.filter((v) => v.staff_username === otherBranch.username);
    expect(mine).toEqual([
      { staff_username: otherBranch.username, kenh: 'ma_xac_nhan_2', active: true },
      { staff_username: otherBranch.username, kenh: 'ma_xac_nhan_3', active: true },
    ]);
  });

  it('is refused to callers of priority 2 and above', async () => {
    expect((await failure(choose(branch.username, 'ma_xac_nhan_1', manager))).code).toBe('FORBIDDEN');
    expect((await failure(cancel(branch.username, 'ma_xac_nhan_1', manager))).code).toBe('FORBIDDEN');
    expect((await failure(h.call(h.clients.channels, 'listChannels', {}, manager))).code).toBe('FORBIDDEN');
  });

  it('is refused for accounts that are not branch level', async () => {
    const e = await failure(choose(sale.username, 'ma_xac_nhan_1'));
    expect(e).toMatchObject({ code: 'FORBIDDEN', msg: 'Chỉ chọn kênh mời gói cho tài khoản cấp chi nhánh' });
    expect((await failure(choose('admin', 'ma_xac_nhan_1'))).code).toBe('FORBIDDEN');
  });

  it('refuses unknown channels and accounts', async () => {
    expect((await failure(choose(branch.username, 'ma_xac_nhan_5'))).code).toBe('VALIDATION');
    expect((await failure(choose('no-such-account', 'ma_xac_nhan_1'))).code).toBe('NOT_FOUND');
  });
});

describe('findChannel', () => {
  it('lets staff see their own branch channel', async () => {
    await choose(branch.username, 'ma_xac_nhan_4');
    const asSale = await identityOf(h, sale);
    expect(await find(branch.username, 'ma_xac_nhan_4', asSale)).toEqual({
      staff_username: branch.username,
      kenh: 'ma_xac_nhan_4',
      active: true,
    });
    expect((await find(sale.username, 'ma_xac_nhan_4', asSale)).active).toBe(false);
    expect((await find(branch.username, 'ma_xac_nhan_4', await identityOf(h, branch))).active).toBe(true);
  });

  it("refuses staff another branch's channel", async () => {
    const e = await failure(find(otherBranch.username, 'ma_xac_nhan_2', await identityOf(h, sale)));
    expect(e.code).toBe('FORBIDDEN');
    expect((await failure(find(otherBranch.username, 'ma_xac_nhan_2', await identityOf(h, branch)))).code).toBe('FORBIDDEN');
  });

  it('lets seniors see anyone', async () => {
    expect((await find(otherBranch.username, 'ma_xac_nhan_2', manager)).active).toBe(true);
  });

  it('refuses an unknown channel name', async () => {
    expect((await failure(find(branch.username, 'ma_xac_nhan_9', manager))).code).toBe('VALIDATION');
  });
});

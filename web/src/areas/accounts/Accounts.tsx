import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SecurityIcon from '@mui/icons-material/Security';
import { ACCOUNT_HISTORY, ACCOUNT_LISTS, channelsApi, rolesApi, usersApi, type PermissionRef, type User } from './api';
import { useLoad } from '../../common/refdata';
import { ZERO_GUID } from '../../common/format';
import { useSession } from '../../common/session';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import InviteChannels, { channelKey } from './InviteChannels';
import ResetPasswordDialog from './ResetPasswordDialog';
import FormDialog from '../../form/FormDialog';
import { userFormConfig } from './userForm';
import UserPermissionsDialog from './UserPermissionsDialog';
import { isAdmin, isBranch, isManager, mayActOn } from '../../api/access';

const ChannelsContext = createContext<{ active: Map<string, boolean>; onChanged: (key: string, value: boolean) => void }>({
  active: new Map(),
  onChanged: () => {},
});

function ChannelsCell({ username }: { username: string }) {
  const { active, onChanged } = useContext(ChannelsContext);
  return <InviteChannels username={username} active={active} onChanged={onChanged} />;
}

/** The fields auth's audit trail records for a user, as the edit dialog names them. */
const USER_FIELD_LABELS: Record<string, string> = {
  fullname: 'Họ tên',
  email: 'Email',
  phone: 'Số điện thoại',
  role: 'Vai trò',
  brand_id: 'Chi nhánh',
  group_id: 'Nhóm',
  locked: 'Trạng thái',
  permissions: 'Quyền riêng',
  password: 'Mật khẩu',
};
const NO_PLACE = { [ZERO_GUID]: '' };
const USER_VALUE_LABELS: Record<string, Record<string, string>> = {
  locked: { true: 'Ngừng hoạt động', false: 'Đang hoạt động' },
  brand_id: NO_PLACE,
  group_id: NO_PLACE,
};

export const rowPriority = (u: User): number => u.role_priority ?? u.role?.priority ?? 99;

/** Staff accounts (/sys/accounts, spec 1 §2.6). */
export default function Accounts() {
  const session = useSession();
  const listRef = useRef<ListHandle>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [permUser, setPermUser] = useState<User | null>(null);

  const canSeeChannels = isAdmin(session.priority);
  const userForm = useMemo(() => userFormConfig(rolesApi.all), []);
  const permissions = useLoad<PermissionRef[]>(() => (isManager(session.priority) ? rolesApi.permissions() : Promise.resolve([])), []);
  const channels = useLoad<Map<string, boolean>>(
    () =>
      canSeeChannels
        ? channelsApi.list().then((list) => {
            const m = new Map<string, boolean>();
            for (const c of list) m.set(channelKey(c.staff_username, c.kenh), !!c.active);
            return m;
          })
        : Promise.resolve(new Map()),
    new Map(),
  );
  // A state setter, stable across renders (the `channels` object around it is not).
  const setChannels = channels.setValue;
  const setChannel = useCallback(
    (key: string, value: boolean) =>
      setChannels((m) => {
        const next = new Map(m);
        next.set(key, value);
        return next;
      }),
    [setChannels],
  );

  const reload = () => {
    listRef.current?.reload();
    if (canSeeChannels) channels.reload();
  };

  const config = useMemo<ListConfig<User>>(
    () => ({
      id: 'accounts',
      endpoint: ACCOUNT_LISTS.users,
      pageSizes: [20, 50, 100],
      defaultPageSize: 20,
      searchButton: 'refresh',
      filters: [{ key: 'username', type: 'text', placeholder: 'Tìm theo tên đăng nhập', testId: 'accounts-filter-username', width: 260 }],
      toolbar: [
        {
          key: 'create',
          label: 'Tạo người dùng',
          icon: <AddIcon />,
          testId: 'create-user-button',
          visible: (ctx) => ctx.session.has('user.add'),
          onClick: () => setCreateOpen(true),
        },
      ],
      rowTestId: (u) => `account-row-${u.username}`,
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'full_name', headerName: 'Họ tên', minWidth: 120, value: (u) => u.full_name || u.fullname },
        { field: 'username', headerName: 'Tên đăng nhập', minWidth: 100 },
        { field: 'email', headerName: 'Email', minWidth: 140 },
        {
          field: 'role_name',
          headerName: 'Vai trò',
          minWidth: 180,
          kind: 'chip',
          value: (u) => u.role_name || u.role?.name,
          chip: (u) => ({ label: u.role_name || u.role?.name || '', color: 'primary' }),
        },
        {
          field: 'is_deleted',
          headerName: 'Trạng thái',
          minWidth: 150,
          kind: 'chip',
          chip: (u) => (u.is_deleted ? { label: 'Ngừng hoạt động', color: 'error' } : { label: 'Đang hoạt động', color: 'success' }),
        },
        {
          field: 'kenh_moi_goi',
          headerName: 'Kênh mời gói',
          width: 280,
          visible: (ctx) => isAdmin(ctx.session.priority),
          export: false,
          render: (u) => (isBranch(rowPriority(u)) ? <ChannelsCell username={u.username} /> : null),
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 190 },
      ],
      history: {
        endpoint: (u) => ACCOUNT_HISTORY.user(u.id),
        fieldLabels: USER_FIELD_LABELS,
        valueLabels: USER_VALUE_LABELS,
        title: (u) => `Lịch sử thay đổi: ${u.username}`,
        testId: (u) => `account-history-${u.username}`,
      },
      // The server's rule: nobody edits, resets, locks or grants on an account above them.
      allowed: (u, viewer) => mayActOn(viewer.priority, rowPriority(u)),
      rowActions: [
        {
          key: 'lock',
          label: (u) => (u.is_deleted ? 'Mở khoá nhân viên' : 'Khoá nhân viên'),
          icon: (u) => (u.is_deleted ? <LockOpenIcon fontSize="small" /> : <LockIcon fontSize="small" />),
          color: 'warning',
          testId: (u) => `account-lock-${u.username}`,
          // Never the administrator, nor oneself (the server refuses both).
          visible: (u, ctx) => !isAdmin(rowPriority(u)) && u.id !== ctx.session.user?.id && ctx.session.has('user.delete', 'user.edit'),
          confirm: (u) => ({
            title: u.is_deleted ? 'Mở khoá nhân viên' : 'Khoá nhân viên',
            message: u.is_deleted ? `Bạn có chắc muốn mở khoá nhân viên ${u.username}?` : `Bạn có chắc muốn khoá nhân viên ${u.username}?`,
            danger: !u.is_deleted,
          }),
          run: (u) => (u.is_deleted ? usersApi.unlock(u.id) : usersApi.lock(u.id)),
          successMsg: (u) => (u.is_deleted ? 'Mở khoá nhân viên thành công' : 'Khoá nhân viên thành công'),
          errorMsg: (u) => (u.is_deleted ? 'Mở khoá nhân viên không thành công' : 'Khoá nhân viên không thành công'),
        },
        {
          key: 'reset-password',
          label: 'Cấp mật khẩu mới',
          icon: <KeyIcon fontSize="small" />,
          testId: (u) => `account-reset-password-${u.username}`,
          visible: (_u, ctx) => ctx.session.has('user.edit'),
          run: (u) => setResetting(u),
        },
        {
          key: 'edit',
          label: 'Cập nhật người dùng',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          testId: (u) => `account-edit-${u.username}`,
          visible: (_u, ctx) => ctx.session.has('user.edit'),
          run: (u) => setEditing(u),
        },
        {
          key: 'permissions',
          label: 'Phân quyền nhân viên',
          icon: <SecurityIcon fontSize="small" />,
          color: 'secondary',
          testId: (u) => `account-permissions-${u.username}`,
          visible: (u, ctx) => isManager(ctx.session.priority) && !isAdmin(rowPriority(u)) && ctx.session.has('user.edit'),
          run: (u) => setPermUser(u),
        },
      ],
    }),
    [],
  );
  const channelsCtx = useMemo(() => ({ active: channels.value, onChanged: setChannel }), [channels.value, setChannel]);

  return (
    <>
      <ChannelsContext.Provider value={channelsCtx}>
        <ListScreen ref={listRef} config={config} />
      </ChannelsContext.Provider>
      <FormDialog
        config={userForm}
        mode="create"
        testIdPrefix="create-user"
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onSaved={() => {
          setCreateOpen(false);
          reload();
        }}
      />
      <FormDialog
        config={userForm}
        mode="edit"
        testIdPrefix="edit-user"
        open={!!editing}
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <UserPermissionsDialog
        user={permUser}
        permissions={permissions.value}
        onClose={() => setPermUser(null)}
        onSaved={() => {
          setPermUser(null);
          reload();
        }}
      />
    </>
  );
}

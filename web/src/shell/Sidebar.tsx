import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { addTab } from '../store/tabs';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { useSession } from '../common/session';
import { ADMIN_SECTION_TITLE, visibleMenu, type MenuItem, type MenuNode } from './menu';
import { MENU_ICONS } from '../common/icons';
import { PROFILE_PATH } from '../areas/registry';

function useOpenTab(onChosen?: () => void) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (path: string) => {
    dispatch(addTab(path));
    navigate(path);
    onChosen?.();
  };
}

function Item({ item, nested, active, onOpen }: { item: MenuItem; nested?: boolean; active: boolean; onOpen: (p: string) => void }) {
  const Icon = MENU_ICONS[item.icon];
  return (
    <ListItem disablePadding>
      <ListItemButton
        data-testid={`menu-${item.path}`}
        selected={active}
        onClick={() => onOpen(item.path)}
        sx={{ pl: nested ? 4 : 2, py: 0.6 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
      </ListItemButton>
    </ListItem>
  );
}

function Nodes({ nodes, active, onOpen }: { nodes: MenuNode[]; active: string | null; onOpen: (p: string) => void }) {
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  return (
    <>
      {nodes.map((node) => {
        if (node.kind === 'item') return <Item key={node.item.path} item={node.item} active={active === node.item.path} onOpen={onOpen} />;
        const key = node.group.key;
        const containsActive = node.items.some((i) => i.path === active);
        const open = openGroups[key] ?? containsActive;
        const Icon = MENU_ICONS[node.group.icon];
        return (
          <ListItem key={key} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              data-testid={`menu-group-${key}`}
              aria-expanded={open}
              onClick={() => setOpenGroups((g) => ({ ...g, [key]: !open }))}
              sx={{ py: 0.6 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={node.group.title} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
              {open ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={open} timeout="auto">
              <List disablePadding>
                {node.items.map((item) => (
                  <Item key={item.path} item={item} nested active={active === item.path} onOpen={onOpen} />
                ))}
              </List>
            </Collapse>
          </ListItem>
        );
      })}
    </>
  );
}

/** `onChosen` runs after a menu item (or the avatar) opened its tab: the phone drawer closes then. */
export default function Sidebar({ onChosen }: { onChosen?: () => void }) {
  const session = useSession();
  const active = useAppSelector((s) => s.tabs.active);
  const openTab = useOpenTab(onChosen);
  const user = session.user;
  const name = user?.fullname || user?.full_name || user?.username || '';
  const main = visibleMenu(session, 'main');
  // Admin entries carry their own priority rule (below 5, or the priorities an entry names).
  const admin = visibleMenu(session, 'admin');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }} data-testid="sidebar-header">
        <ButtonBase
          onClick={() => openTab(PROFILE_PATH)}
          sx={{ borderRadius: '50%' }}
          aria-label="Tài khoản cá nhân"
          data-testid="sidebar-avatar"
        >
          <Avatar src={user?.avatar || undefined} alt={name} sx={{ width: 48, height: 48 }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </ButtonBase>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap data-testid="sidebar-fullname" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap data-testid="sidebar-role">
            {session.role?.name || user?.role_name || user?.role?.name || ''}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {/* nav > ul > li (> ul > li): the list semantics screen readers announce as a menu. */}
        <Box component="nav" aria-label="Menu chính">
          <List dense disablePadding>
            <Nodes nodes={main} active={active} onOpen={openTab} />
          </List>
        </Box>
        {admin.length > 0 && (
          <Box component="nav" aria-label={ADMIN_SECTION_TITLE} data-testid="menu-admin-section">
            <ListSubheader component="div" sx={{ lineHeight: '36px', fontWeight: 700 }}>
              {ADMIN_SECTION_TITLE}
            </ListSubheader>
            <List dense disablePadding>
              <Nodes nodes={admin} active={active} onOpen={openTab} />
            </List>
          </Box>
        )}
      </Box>
    </Box>
  );
}

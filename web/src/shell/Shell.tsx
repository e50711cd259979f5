import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { notify } from '../store';
import { noticeLevel } from '../store/ui';
import { connectRealtime, disconnectRealtime, onPush, onSocket } from '../api/realtime';
import { PUSHES } from '../api/gen/pushes';
import { sessionRefresh } from '../store/auth';
import { addTab, ensureTab } from '../store/tabs';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from '../theme';
import Sidebar from './Sidebar';
import Workspace from './Workspace';
import { canOpenScreen, MENU_ACCESS } from './menu';
import { usePreloadScreens } from './preloadScreens';
import { afterFirstPaint } from './afterPaint';
import { HOME_PATH, screenFor } from '../areas/registry';
// The one area piece that runs on every screen, not only its own: the orders area's reminders.
import { useOrderReminders } from '../areas/orders/reminders';
import { MenuAccessContext } from '../common/menuAccess';
import { useSession } from '../common/session';
import { CONTENT_LEFT_VAR } from '../common/Toasts';

export const MENU_OPEN_KEY = 'isMenuOpen';

function readMenuOpen(): boolean {
  try {
    const v = localStorage.getItem(MENU_OPEN_KEY);
    return v === null ? true : v === 'true';
  } catch {
    return true;
  }
}

export default function Shell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const active = useAppSelector((s) => s.tabs.active);
  // Desktop: a permanent sidebar whose open state persists (isMenuOpen). Phone width: a temporary
  // drawer over the content, closed on load and after each choice, so the workspace keeps the width.
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(readMenuOpen);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const [phoneMenuOpened, setPhoneMenuOpened] = useState(false);
  if (phoneMenuOpen && !phoneMenuOpened) setPhoneMenuOpened(true);

  useEffect(() => {
    localStorage.setItem(MENU_OPEN_KEY, String(menuOpen));
  }, [menuOpen]);

  // Toasts start beside the permanent sidebar, not over it (the phone's drawer is closed after each choice).
  const contentLeft = !phone && menuOpen ? SIDEBAR_WIDTH : 0;
  useEffect(() => {
    document.documentElement.style.setProperty(CONTENT_LEFT_VAR, `${contentLeft}px`);
    return () => {
      document.documentElement.style.removeProperty(CONTENT_LEFT_VAR);
    };
  }, [contentLeft]);

  // Refresh user, role and permission codes from the server once per load.
  useEffect(() => {
    dispatch(sessionRefresh());
  }, [dispatch]);

  // Realtime socket: announce ourselves; server notifications ('showThongBao') become toasts + the dot.
  const token = useAppSelector((s) => s.auth.accessToken);
  const username = useAppSelector((s) => s.auth.user?.username ?? '');
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!token) return;
    connectRealtime(token, username).catch((e) => console.warn('realtime', e));
    const seen = new Set<string>();
    const off = onPush(PUSHES.Notice, (notice) => {
      if (notice.id) {
        if (seen.has(notice.id)) return;
        seen.add(notice.id);
      }
      const text = [notice.title, notice.message].filter(Boolean).join('\n');
      if (text) notify(text, noticeLevel(notice.level));
      setUnread((n) => n + 1);
    });
    // The server closes the socket when this session ends elsewhere (logout in another tab, lock,
    // password or role change): ask for the session, whose 401 ends it here too.
    const offClosed = onSocket((s) => {
      const onDisconnect = (reason: string) => {
        if (reason === 'io server disconnect') dispatch(sessionRefresh());
      };
      s.on('disconnect', onDisconnect);
      return () => s.off('disconnect', onDisconnect);
    });
    return () => {
      off();
      offClosed();
    };
  }, [token, username, dispatch]);
  useEffect(() => () => disconnectRealtime(), []);
  // Order reminders on every screen, for whoever holds the mfy code: pushed, repeated
  // by the server, and every pending one again on each (re)connect.
  const session = useSession();
  useOrderReminders(session.has('mfy'));
  // Every screen of the menu loaded while idle, once the one in front has its data: a click on the
  // menu then waits for no code.
  usePreloadScreens(session, location.pathname);

  // The route opens (or activates) its tab. On the first load of /app/home the restored
  // active tab wins, and the Dashboard tab is only ensured.
  const firstLoad = useRef(true);
  useEffect(() => {
    const path = location.pathname;
    const first = firstLoad.current;
    firstLoad.current = false;
    if (!screenFor(path)) return;
    // A screen the session may not open (a typed or stale link) opens no tab: say so, stay put.
    if (!canOpenScreen(path, session)) {
      notify('Bạn không có quyền truy cập chức năng này', 'warning');
      navigate(active && active !== path ? active : HOME_PATH, { replace: true });
      return;
    }
    if (path === HOME_PATH && first && active && active !== HOME_PATH) {
      dispatch(ensureTab(HOME_PATH));
      navigate(active, { replace: true });
      return;
    }
    dispatch(addTab(path));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the route changes; a change of the active tab or the session alone must not reopen the route's tab
  }, [location.pathname]);

  // The workspace mounts after the shell's first paint, when the route has its tab (the effect
  // above): the header and the menu show while the screen's code comes, and a page load mounts the
  // route's screen, not first the tab left in front last time (whose code and data it would fetch
  // for nothing).
  const [routed, setRouted] = useState(false);
  useEffect(() => afterFirstPaint(() => setRouted(true)), []);

  // Keep the URL on the active tab when tabs are clicked or closed.
  const prevActive = useRef(active);
  useEffect(() => {
    if (prevActive.current === active) return;
    prevActive.current = active;
    const target = active ?? HOME_PATH;
    if (target !== location.pathname) navigate(target);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the active tab only; a route change (which also renews `navigate`) is the effect above's business
  }, [active]);

  return (
    <MenuAccessContext.Provider value={MENU_ACCESS}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }} elevation={1}>
          <Toolbar sx={{ minHeight: HEADER_HEIGHT }}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Ẩn/hiện menu"
              data-testid="menu-toggle"
              onClick={() => (phone ? setPhoneMenuOpen((o) => !o) : setMenuOpen((o) => !o))}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
            <ButtonBase
              onClick={() => {
                dispatch(addTab(HOME_PATH));
                navigate(HOME_PATH);
              }}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, borderRadius: 1, px: 0.5 }}
              // The name starts with what is shown (WCAG 2.5.3 label in name), then says where it goes.
              aria-label="Hệ thống CSKH – Trang chủ"
            >
              <img src="/logo.svg" alt="" width={32} height={32} data-testid="header-logo" />
              <Typography variant="h6" component="div" noWrap data-testid="header-title">
                Hệ thống CSKH
              </Typography>
            </ButtonBase>
            <Box sx={{ flex: 1 }} />
            <Tooltip title="Thông báo">
              <IconButton color="inherit" aria-label="Thông báo" onClick={() => setUnread(0)}>
                <Badge variant="dot" color={unread > 0 ? 'error' : 'default'} data-testid="notification-dot" data-unread={unread}>
                  <NotificationsIcon />
                </Badge>
              </IconButton>
            </Tooltip>
            <Tooltip title="Đăng xuất">
              <IconButton color="inherit" aria-label="Đăng xuất" data-testid="logout-button" onClick={() => navigate('/logout')}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </Toolbar>
        </AppBar>
        {phone ? (
          <Drawer
            variant="temporary"
            open={phoneMenuOpen}
            onClose={() => setPhoneMenuOpen(false)}
            data-testid="sidebar"
            data-variant="temporary"
            ModalProps={{ keepMounted: true }}
            // Below the header, whose toggle stays in reach to close it again.
            sx={{
              '& .MuiDrawer-paper': {
                width: SIDEBAR_WIDTH,
                maxWidth: '85vw',
                boxSizing: 'border-box',
                top: HEADER_HEIGHT,
                height: `calc(100% - ${HEADER_HEIGHT}px)`,
              },
            }}
          >
            {/* The menu's entries are built when the drawer first opens, not with every page load. */}
            {phoneMenuOpened && <Sidebar onChosen={() => setPhoneMenuOpen(false)} />}
          </Drawer>
        ) : (
          <Drawer
            variant="persistent"
            open={menuOpen}
            data-testid="sidebar"
            data-variant="persistent"
            sx={{
              width: menuOpen ? SIDEBAR_WIDTH : 0,
              flexShrink: 0,
              transition: (t) => t.transitions.create('width'),
              '& .MuiDrawer-paper': {
                width: SIDEBAR_WIDTH,
                boxSizing: 'border-box',
                top: HEADER_HEIGHT,
                height: `calc(100% - ${HEADER_HEIGHT}px)`,
              },
            }}
          >
            <Sidebar />
          </Drawer>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, mt: `${HEADER_HEIGHT}px`, display: 'flex', flexDirection: 'column' }}>
          {routed && <Workspace />}
          <Outlet />
        </Box>
      </Box>
    </MenuAccessContext.Provider>
  );
}

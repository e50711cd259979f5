import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CloseIcon from '@mui/icons-material/Close';
import { activateTab, closeTab } from '../store/tabs';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Loading, NoAccess, UnderConstruction } from '../common/Placeholders';
import { useSession } from '../common/session';
import { ScreenActiveContext } from '../common/screenActive';
import { canOpenScreen } from './menu';
import { screenFor } from '../areas/registry';

/** Tab workspace (spec 1 §2.3): every open tab stays mounted; only the active one is shown. */
export default function Workspace() {
  const { open, active } = useAppSelector((s) => s.tabs);
  const dispatch = useAppDispatch();
  const session = useSession();
  const tabs = open.filter((p) => screenFor(p));

  // Many tabs scroll sideways; the active one is always brought into view (opened from the menu,
  // restored on load, or activated after a close).
  const tabsRef = useRef<HTMLDivElement>(null);
  const tabCount = tabs.length;
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() => {
      const el = tabsRef.current?.querySelector<HTMLElement>(`[data-testid="${CSS.escape(`tab-${active}`)}"]`);
      el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [active, tabCount]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={active && tabs.includes(active) ? active : false}
          onChange={(_, v) => dispatch(activateTab(v))}
          ref={tabsRef}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          data-testid="tabs"
          aria-label="Các tab đang mở"
        >
          {tabs.map((path) => (
            <Tab
              key={path}
              value={path}
              data-testid={`tab-${path}`}
              sx={{ minHeight: 44, py: 0, pr: 1 }}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <span>{screenFor(path)!.title}</span>
                  <Box
                    component="span"
                    role="button"
                    aria-label={`Đóng ${screenFor(path)!.title}`}
                    data-testid={`tab-close-${path}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      dispatch(closeTab(path));
                    }}
                    sx={{ display: 'inline-flex', borderRadius: '50%', p: 0.25, '&:hover': { bgcolor: 'action.hover' } }}
                  >
                    <CloseIcon sx={{ fontSize: 16 }} />
                  </Box>
                </Box>
              }
            />
          ))}
        </Tabs>
      </Paper>
      <Box sx={{ flex: 1, p: 2, minWidth: 0 }}>
        {tabs.map((path) => (
          <TabPanel key={path} path={path} active={path === active} allowed={canOpenScreen(path, session)} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * One tab's screen. Memoised on (path, active, allowed): opening, closing or switching a tab
 * re-renders the one or two panels whose state changed, not every screen left open (opening a
 * screen slowed from 0.55 s to 1.0 s as tabs piled up).
 * A tab left open is skipped by the browser (`content-visibility: hidden`: no style, layout or
 * paint, no height, out of focus, find and screen readers, as `display: none` was) but keeps its
 * boxes: with `display: none` the grid saw its width drop to 0 and come back and laid itself out
 * again on every switch back (its rows were not shown again at once).
 */
const TabPanel = memo(function TabPanel({ path, active, allowed }: { path: string; active: boolean; allowed: boolean }) {
  const screen = screenFor(path)!;
  const Component = screen.component;
  // A tab restored on load is mounted when first shown, not with the page: the screen in front
  // does not wait for every screen left open behind it to load its code and its list.
  const [shown, setShown] = useState(active);
  if (active && !shown) setShown(true);
  // The same element on every switch: React leaves the screen's tree alone, and only what reads
  // useScreenActive() renders again.
  const content = useMemo(
    () =>
      !allowed ? (
        <NoAccess />
      ) : Component ? (
        <Suspense fallback={<Loading />}>
          <Component path={path} />
        </Suspense>
      ) : (
        <UnderConstruction title={screen.title} />
      ),
    [allowed, Component, path, screen.title],
  );
  return (
    <Box
      role="tabpanel"
      data-testid={`tab-panel-${path}`}
      hidden={!active}
      sx={{ display: 'block', contentVisibility: active ? 'visible' : 'hidden' }}
    >
      <ScreenActiveContext.Provider value={active}>{shown && content}</ScreenActiveContext.Provider>
    </Box>
  );
});

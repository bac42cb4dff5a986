import { Drawer, Grid, Layout } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { setCurrentMenuId } from '../../api/http.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { NoPermissionResult } from '../../components/ResultPages.tsx';
import { useSession } from '../../stores/session.ts';
import { useTags } from '../../stores/tags.ts';
import { orderMenuGroups } from '../menuOrder.ts';
import { filterRouteGroups, findRoute, ROUTE_GROUPS } from '../routes.ts';
import { Navbar } from './Navbar.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TagsView } from './TagsView.tsx';
import { useEnterpriseSides } from './useEnterpriseSides.ts';
import { useRealtime } from './useRealtime.ts';

export const SIDEBAR_WIDTH = 240;

export function AppLayout() {
  const screens = Grid.useBreakpoint();
  // antd's lg breakpoint is 992 px, the spec's mobile threshold.
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const location = useLocation();
  const tagsView = useSession((s) => s.settings.tagsView);
  const isJoin = useSession((s) => s.userInfo?.isJoin ?? false);
  const canAny = useAnyPermission();
  const permissions = useSession((s) => s.permissions);
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const visit = useTags((s) => s.visit);
  useRealtime();

  const sides = useEnterpriseSides();
  // The menu waits for the enterprise's side rather than reordering under the user's pointer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: canAny is rebuilt from permissions and isAdmin.
  const groups = useMemo(
    () => (isJoin && sides ? orderMenuGroups(filterRouteGroups(ROUTE_GROUPS, canAny), sides) : []),
    [isJoin, sides, permissions, isAdmin],
  );

  const trail = findRoute(location.pathname);
  const required = [trail?.node, ...(trail?.parents ?? [])].filter((n) => n?.permissions?.length);
  const allowed = required.every((n) => canAny(n!.permissions!));

  useEffect(() => {
    setCurrentMenuId(trail?.node.path ?? null);
    if (trail && allowed) {
      visit({ path: trail.node.path, fullPath: `${location.pathname}${location.search}`, titleKey: trail.node.title });
    }
  }, [trail, allowed, location.pathname, location.search, visit]);

  const menu = <SideMenu groups={groups} collapsed={!mobile && collapsed} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          size={SIDEBAR_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsed={collapsed}
          collapsedWidth={64}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Navbar
          mobile={mobile}
          menuOpen={mobile ? drawerOpen : !collapsed}
          onToggleMenu={() => (mobile ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        {tagsView && isJoin && <TagsView />}
        <Layout.Content className="shell-content">
          {allowed ? (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          ) : (
            <NoPermissionResult />
          )}
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}

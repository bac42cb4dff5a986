import type { MenuProps, MenuRef } from 'antd';
import { Menu } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { findRoute, type MenuGroup, type RouteNode } from '../routes.ts';
import { activeMenuPath } from './activeMenu.ts';
import { ROUTE_ICONS } from './icons.tsx';
import { MenuSearch } from './MenuSearch.tsx';

type MenuItem = Required<MenuProps>['items'][number];

interface Props {
  groups: MenuGroup[];
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** antd's inline menu opens an entry in 0.3 s (motionDurationSlow); a little more to be sure. */
const MENU_MOTION_MS = 400;

/** The menu entries above a route, to open. */
const trailKeys = (path: string) => (findRoute(path)?.parents ?? []).map((p) => p.path);

export function SideMenu({ groups, collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarLogo = useSession((s) => s.settings.sidebarLogo);
  const active = activeMenuPath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => trailKeys(pathname));
  const menuRef = useRef<MenuRef>(null);
  // The entry of the page shown opens however the page was reached (a link, a tag, the address bar),
  // and the sidebar scrolls to it: at 768 px a few open entries already push it out of sight.
  useEffect(() => {
    const trail = trailKeys(pathname);
    setOpenKeys((open) => (trail.every((k) => open.includes(k)) ? open : [...new Set([...open, ...trail])]));
  }, [pathname]);
  const revealed = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item to reveal appears once its entry is open.
  useEffect(() => {
    const item = menuRef.current?.menu?.list.querySelector('.ant-menu-item-selected');
    if (!active || revealed.current === active || !item) return;
    revealed.current = active;
    const reveal = () => item.scrollIntoView?.({ block: 'nearest' });
    reveal();
    // An entry still opening grows for a moment: the item is revealed again once it has.
    const timer = setTimeout(reveal, MENU_MOTION_MS);
    return () => clearTimeout(timer);
  }, [active, openKeys]);

  const items = useMemo<MenuItem[]>(() => {
    const toItem = (node: RouteNode): MenuItem => {
      const visible = (node.children ?? []).filter((c) => !c.hidden);
      const title = t(`routes.${node.title}`);
      const base = { key: node.path, icon: node.icon ? ROUTE_ICONS[node.icon] : undefined };
      if (visible.length > 0) return { ...base, label: title, children: visible.map(toItem) };
      // A real link, so a middle click or "open in new tab" works; antd stretches it over the item.
      return { ...base, label: <Link to={node.path}>{title}</Link> };
    };
    return groups.map((g) => ({
      type: 'group' as const,
      key: `group:${g.key}`,
      label: collapsed ? null : t(`menuGroups.${g.key}`),
      children: g.routes.filter((r) => !r.hidden).map(toItem),
    }));
  }, [groups, collapsed, t]);

  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };

  return (
    <>
      {sidebarLogo && (
        <div className="shell-logo">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {!collapsed && <span>Concord SRM</span>}
        </div>
      )}
      {/* Before joining an enterprise there is no menu to search. */}
      {!collapsed && groups.length > 0 && <MenuSearch groups={groups} onPick={go} />}
      <Menu
        ref={menuRef}
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={active ? [active] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key, domEvent }) => {
          // A click on the link is the link's own: it navigated (or left it to the browser for a new tab).
          if ((domEvent.target as Element).closest('a')) {
            if (domEvent.defaultPrevented) onNavigate?.();
            return;
          }
          go(key);
        }}
      />
    </>
  );
}

import type { MenuProps } from 'antd';
import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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

export function SideMenu({ groups, collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarLogo = useSession((s) => s.settings.sidebarLogo);
  const active = activeMenuPath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (findRoute(pathname)?.parents ?? []).map((p) => p.path));

  const items = useMemo<MenuItem[]>(() => {
    const toItem = (node: RouteNode): MenuItem => {
      const visible = (node.children ?? []).filter((c) => !c.hidden);
      const base = {
        key: node.path,
        icon: node.icon ? ROUTE_ICONS[node.icon] : undefined,
        label: t(`routes.${node.title}`),
      };
      return visible.length > 0 ? { ...base, children: visible.map(toItem) } : base;
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
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={active ? [active] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => go(key)}
      />
    </>
  );
}

import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { findRoute, type RouteNode } from '../routes.ts';

/** Query parameters that breadcrumb links carry so a parent keeps the record in view (spec §2). */
const CARRIED_PARAMS = ['id', 'supId', 'tab'] as const;

function entryTarget(node: RouteNode): string {
  return node.children?.find((c) => !c.hidden)?.path ?? node.path;
}

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const trail = findRoute(pathname);
  const carried = new URLSearchParams();
  for (const key of CARRIED_PARAMS) {
    const value = params.get(key);
    if (value) carried.set(key, value);
  }
  const suffix = carried.size > 0 ? `?${carried}` : '';

  const items = [
    { key: 'home', title: <Link to="/">{t('layout.cockpit')}</Link> },
    ...(trail?.parents ?? []).map((p) => ({
      key: p.path,
      title: <Link to={`${entryTarget(p)}${suffix}`}>{t(`routes.${p.title}`)}</Link>,
    })),
    ...(trail ? [{ key: trail.node.path, title: t(`routes.${trail.node.title}`) }] : []),
  ];
  return <Breadcrumb items={items} />;
}

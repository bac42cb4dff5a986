import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { findRoute, type RouteNode } from '../routes.ts';

/** Query parameters that breadcrumb links carry so a parent keeps the record in view (spec §2). */
const CARRIED_PARAMS = ['id', 'supId', 'tab'] as const;
/** The breadcrumb's root (spec §2 "management cockpit") is the buyer cockpit page. */
const COCKPIT = '/cockpit';

function entryTarget(node: RouteNode): string {
  return node.children?.find((c) => !c.hidden)?.path ?? node.path;
}

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const canAny = useAnyPermission();
  const trail = findRoute(pathname);
  const cockpit = findRoute(COCKPIT)!.node;
  const onCockpit = pathname === COCKPIT;
  const cockpitLinked = !onCockpit && canAny(cockpit.permissions ?? []);
  const carried = new URLSearchParams();
  for (const key of CARRIED_PARAMS) {
    const value = params.get(key);
    if (value) carried.set(key, value);
  }
  const suffix = carried.size > 0 ? `?${carried}` : '';

  const items = [
    { key: 'root', title: cockpitLinked ? <Link to={COCKPIT}>{t('layout.cockpit')}</Link> : t('layout.cockpit') },
    ...(trail?.parents ?? []).map((p) => ({
      key: p.path,
      title: <Link to={`${entryTarget(p)}${suffix}`}>{t(`routes.${p.title}`)}</Link>,
    })),
    ...(trail && !onCockpit ? [{ key: trail.node.path, title: t(`routes.${trail.node.title}`) }] : []),
  ];
  return <Breadcrumb items={items} />;
}

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { accountPages } from '../features/accounts/pages.ts';
import { basicDataPages } from '../features/basic-data/pages.ts';
import { contractPages } from '../features/contracts/pages.ts';
import { deliveryNotePages } from '../features/delivery-notes/pages.ts';
import { departmentPages } from '../features/departments/pages.ts';
import { enterprisePages } from '../features/enterprises/pages.ts';
import { inquiryPages } from '../features/inquiries/pages.ts';
import { materialPages } from '../features/materials/pages.ts';
import { messagePages } from '../features/messages/pages.ts';
import { moneyFindingPages } from '../features/money-findings/pages.ts';
import { noticePages } from '../features/notices/pages.ts';
import { operationLogPages } from '../features/operation-logs/pages.ts';
import { positionPages } from '../features/positions/pages.ts';
import { purchaseOrderPages } from '../features/purchase-orders/pages.ts';
import { qualificationPages } from '../features/qualifications/pages.ts';
import { receiptPages } from '../features/receipts/pages.ts';
import { receivingPlanPages } from '../features/receiving-plans/pages.ts';
import { reconciliationPages } from '../features/reconciliations/pages.ts';
import { reportPages } from '../features/reports/pages.ts';
import { sourcingPages } from '../features/sourcing/pages.ts';
import { staffPages } from '../features/staff/pages.ts';
import { supplierPages } from '../features/suppliers/pages.ts';
import { workbenchPages } from '../features/workbench/pages.ts';
import { type Lazy, lazyPage, type PagesByPath } from '../lib/lazyPage.ts';
import { GuestOnly, RequireToken } from './guards.tsx';
import { RootRoute } from './RootRoute.tsx';
import { BARE_ROUTES, flattenRoutes, ROUTE_GROUPS, type RouteNode } from './routes.ts';

/**
 * Every screen is registered by its feature (features/<domain>/pages.ts) under its path in the route
 * table, so adding one never edits the table; a path no feature registers shows "not available yet".
 */
export const FEATURE_PAGES: readonly PagesByPath[] = [
  enterprisePages,
  accountPages,
  messagePages,
  staffPages,
  departmentPages,
  positionPages,
  operationLogPages,
  supplierPages,
  qualificationPages,
  noticePages,
  sourcingPages,
  basicDataPages,
  materialPages,
  receivingPlanPages,
  purchaseOrderPages,
  inquiryPages,
  contractPages,
  reportPages,
  reconciliationPages,
  receiptPages,
  deliveryNotePages,
  moneyFindingPages,
  workbenchPages,
];
const PAGES_BY_PATH: PagesByPath = Object.assign({}, ...FEATURE_PAGES);

const notAvailable = lazyPage(
  () => import('../components/NotAvailablePage.tsx'),
  (m) => m.NotAvailablePage,
);

function firstVisibleChild(node: RouteNode): string | undefined {
  return node.children?.find((c) => !c.hidden)?.path;
}

/** Every path of the table becomes a flat child of the shell; its table entry travels as handle. */
function shellChild(node: RouteNode): RouteObject {
  const path = node.path.slice(1);
  const registered = PAGES_BY_PATH[node.path];
  if (registered) return { path, lazy: registered };
  const first = firstVisibleChild(node);
  if (first) return { path, element: <Navigate to={first} replace /> };
  return { path, lazy: notAvailable };
}

const shellRoutes: RouteObject[] = ROUTE_GROUPS.flatMap((g) => flattenRoutes(g.routes)).map(({ node }) =>
  shellChild(node),
);

const lazyComponent = (load: Lazy): Pick<RouteObject, 'lazy'> => ({ lazy: load });

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: PageLoading,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            path: 'login',
            ...lazyComponent(
              lazyPage(
                () => import('../features/accounts/LoginPage.tsx'),
                (m) => m.LoginPage,
              ),
            ),
          },
        ],
      },
      {
        lazy: lazyPage(
          () => import('./AntdProviders.tsx'),
          (m) => m.AntdRoute,
        ),
        children: [
          {
            path: 'register',
            ...lazyComponent(
              lazyPage(
                () => import('../features/accounts/RegisterPage.tsx'),
                (m) => m.RegisterPage,
              ),
            ),
          },
          {
            path: 'resetpsw',
            ...lazyComponent(
              lazyPage(
                () => import('../features/accounts/ResetPasswordPage.tsx'),
                (m) => m.ResetPasswordPage,
              ),
            ),
          },
          {
            path: 'auth-redirect',
            ...lazyComponent(
              lazyPage(
                () => import('../features/accounts/AuthRedirectPage.tsx'),
                (m) => m.AuthRedirectPage,
              ),
            ),
          },
          {
            path: 'redirect/*',
            ...lazyComponent(
              lazyPage(
                () => import('../components/RedirectPage.tsx'),
                (m) => m.RedirectPage,
              ),
            ),
          },
          {
            path: '404',
            ...lazyComponent(
              lazyPage(
                () => import('../components/ResultPages.tsx'),
                (m) => m.NotFoundPage,
              ),
            ),
          },
          {
            path: '401',
            ...lazyComponent(
              lazyPage(
                () => import('../components/ResultPages.tsx'),
                (m) => m.UnauthorizedPage,
              ),
            ),
          },
          {
            Component: RequireToken,
            children: [
              {
                path: 'qr-login',
                ...lazyComponent(
                  lazyPage(
                    () => import('../features/accounts/QrConfirmPage.tsx'),
                    (m) => m.QrConfirmPage,
                  ),
                ),
              },
            ],
          },
          {
            lazy: lazyPage(
              () => import('./AuthGuard.tsx'),
              (m) => m.AuthGuard,
            ),
            children: [
              ...BARE_ROUTES.map((node) => ({ path: node.path.slice(1), lazy: notAvailable })),
              {
                lazy: lazyPage(
                  () => import('./layout/AppLayout.tsx'),
                  (m) => m.AppLayout,
                ),
                children: shellRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}

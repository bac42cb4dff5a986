import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature (positions and trading-partner permissions) by route path (see lib/lazyPage.ts). */
export const positionPages: PagesByPath = {
  '/jurisdiction/postauthority': lazyPage(
    () => import('./PositionsPage.tsx'),
    (m) => m.PositionsPage,
  ),
  '/jurisdiction/postauthority/detail': lazyPage(
    () => import('./PositionDetailPage.tsx'),
    (m) => m.PositionDetailPage,
  ),
  '/jurisdiction/tradpartner': lazyPage(
    () => import('./TradingPartnersPage.tsx'),
    (m) => m.TradingPartnersPage,
  ),
  '/jurisdiction/tradpartner/detail': lazyPage(
    () => import('./TradingPartnerDetailPage.tsx'),
    (m) => m.TradingPartnerDetailPage,
  ),
};

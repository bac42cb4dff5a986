import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';
import { MONEY_FINDINGS_PATH } from './money-findings.paths.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const moneyFindingPages: PagesByPath = {
  [MONEY_FINDINGS_PATH]: lazyPage(
    () => import('./MoneyFindingsPage.tsx'),
    (m) => m.MoneyFindingsPage,
  ),
};

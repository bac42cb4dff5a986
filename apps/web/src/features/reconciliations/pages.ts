import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const list = () => import('./StatementListPage.tsx');
const detail = () => import('./StatementDetailPage.tsx');

/** Screens of reconciliation statements by route path (see lib/lazyPage.ts). */
export const reconciliationPages: PagesByPath = {
  '/purchasebill/workernote': lazyPage(list, (m) => m.BuyerStatementListPage),
  '/purchasebill/sourcing/detail': lazyPage(detail, (m) => m.BuyerStatementDetailPage),
  '/workers/workernote': lazyPage(list, (m) => m.SupplierStatementListPage),
  '/workers/sourcing/detail': lazyPage(detail, (m) => m.SupplierStatementDetailPage),
  '/workers/workernote/components/newstate': lazyPage(
    () => import('./NewStatementForm.tsx'),
    (m) => m.SupplierNewStatementPage,
  ),
};

import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const lists = () => import('./ContractListPage.tsx');
const details = () => import('./ContractDetailPage.tsx');

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const contractPages: PagesByPath = {
  '/contract/supplier': lazyPage(lists, (m) => m.SupplierContractsPage),
  '/contract/supplier/add': lazyPage(
    () => import('./ContractEditor.tsx'),
    (m) => m.NewContractPage,
  ),
  '/contract/supplier/detail': lazyPage(details, (m) => m.SupplierContractPage),
  '/contract/customer': lazyPage(lists, (m) => m.CustomerContractsPage),
  '/contract/customer/detail': lazyPage(details, (m) => m.CustomerContractPage),
};

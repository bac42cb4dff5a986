import type { enUS } from '../locales/en-US.ts';

/**
 * The whole route table of spec §2 as data: the router, the menu, breadcrumbs, page titles and
 * permission checks are all derived from it. Paths are absolute so a child may live under another
 * prefix (e.g. /purchasechange/order under purchase orders), as in the spec. The screens are not
 * named here: each feature registers its own by path (features/<domain>/pages.ts, see app/router.tsx).
 */
export type RouteTitleKey = keyof typeof enUS.routes;
export type MenuGroupKey = keyof typeof enUS.menuGroups;

export type IconName =
  | 'home'
  | 'message'
  | 'supplier'
  | 'sourcing'
  | 'order'
  | 'plan'
  | 'receive'
  | 'barcode'
  | 'inquiry'
  | 'bill'
  | 'sync'
  | 'report'
  | 'customer'
  | 'opportunity'
  | 'delivery'
  | 'quotation'
  | 'process'
  | 'form'
  | 'workspace'
  | 'staff'
  | 'permission'
  | 'registration'
  | 'setting'
  | 'print'
  | 'log';

export interface RouteNode {
  path: string;
  title: RouteTitleKey;
  permissions?: readonly string[];
  icon?: IconName;
  /** Reachable but not listed in the menu (details, forms). */
  hidden?: boolean;
  children?: RouteNode[];
}

export interface MenuGroup {
  key: MenuGroupKey;
  /** Spec §2: the purchase, supply and process groups drop entries left without children. */
  dropChildless: boolean;
  routes: RouteNode[];
}

type Extra = Omit<RouteNode, 'path' | 'title'>;
const route = (path: string, title: RouteTitleKey, extra: Extra = {}): RouteNode => ({ path, title, ...extra });
const hidden = (path: string, title: RouteTitleKey, extra: Extra = {}): RouteNode => ({
  path,
  title,
  hidden: true,
  ...extra,
});
const perm = (...codes: string[]) => ({ permissions: codes });

export const ROUTE_GROUPS: MenuGroup[] = [
  {
    key: 'basic',
    dropChildless: false,
    routes: [
      route('/enterpriseinformation', 'enterpriseInfo', { icon: 'home', ...perm('COMP_INFO') }),
      // Where a member lands (docs/decisions.md): what waits for it; the buyer cockpit opens from the breadcrumb.
      route('/', 'workbench', { icon: 'workspace' }),
      hidden('/cockpit', 'cockpit', perm('PO_REP')),
      route('/news', 'notifications', { icon: 'message' }),
      route('/news/newcontract', 'messageCentre', { icon: 'message' }),
      route('/news/newsset', 'messageSettings', { icon: 'setting' }),
      hidden('/profile/index', 'profile'),
    ],
  },
  {
    key: 'purchase',
    dropChildless: true,
    routes: [
      route('/supplier', 'supplierManagement', {
        icon: 'supplier',
        ...perm('PO_SUP'),
        children: [
          route('/supplier/qualification', 'supplierQualification', perm('PO_SUP_RZ')),
          hidden('/supplier/qualification/detail', 'supplierQualificationDetail', perm('PO_SUP_RZ')),
          route('/supplier/supfile', 'supplierArchive', perm('PO_SUP_ARC')),
          hidden('/supplier/supfile/detail', 'supplierArchiveDetail', perm('PO_SUP_ARC')),
          hidden('/supplier/supfile/supuserInfo', 'supplierContacts', perm('PO_SUP_ARC')),
          hidden('/supplier/supfile/add', 'supplierArchiveAdd', perm('PO_SUP_ARC')),
          hidden('/supplier/supfile/add-qualifications', 'qualificationRequestAdd', perm('PO_SUP_ARC')),
          hidden('/supplier/supfile/detail-qualifications', 'qualificationRequestDetail', perm('PO_SUP_ARC')),
          route('/supplier/supnotificate', 'supplierNotices', perm('PO_SUP_CAT_EDIT')),
          hidden('/supplier/supnotificate/detail', 'supplierNoticeDetail', perm('PO_SUP_CAT_EDIT')),
          hidden('/supplier/newannounce', 'noticeAdd', perm('PO_SUP_CAT_ADD')),
          route('/supplier/uploadinventory', 'qualificationInventory'),
          hidden('/supplier/uploadinventory/newannounce', 'qualificationInventoryAdd'),
          hidden('/supplier/uploadinventory/detail', 'qualificationInventoryDetail'),
        ],
      }),
      route('/purchase', 'sourcingManagement', {
        icon: 'sourcing',
        ...perm('PO_SSO'),
        children: [
          route('/purchase/sourcing', 'potentialSuppliers', perm('PO_SSO_PSM')),
          hidden('/purchase/sourcing/add', 'potentialSupplierAdd', perm('PO_SSO_PSM_02')),
          hidden('/purchase/sourcing/detail', 'potentialSupplierDetail', perm('PO_SSO_PSM_03')),
          hidden('/purchase/sourcing/add-qualifications', 'qualificationRequestAdd', perm('PO_SSO_PSM')),
          hidden('/purchase/sourcing/detail-qualifications', 'qualificationRequestDetail', perm('PO_SSO_PSM')),
          route('/purchase/supplier-assessment', 'supplierAssessment', perm('PO_SSO_SRL')),
          hidden('/purchase/supplier-assessment/add', 'supplierAssessmentAdd', perm('PO_SSO_SRL')),
          hidden('/purchase/supplier-assessment/detail', 'supplierAssessmentDetail', perm('PO_SSO_SRL')),
          route('/purchase/supplier-audit', 'supplierAudit', perm('PO_PG_SH')),
          hidden('/purchase/supplier-audit/detail', 'supplierAuditDetail', perm('PO_PG_SH')),
          route('/purchase/programme', 'evaluationScheme', perm('PO_PG_FA')),
          hidden('/purchase/programme/detail', 'evaluationSchemeDetail', perm('PO_PG_FA')),
          route('/purchase/analysistable', 'evaluationAnalysis'),
        ],
      }),
      route('/procurementConsignment', 'purchaseCollaboration', {
        icon: 'order',
        ...perm('CG_TG_XT'),
        children: [
          route('/procurementConsignment/order', 'purchaseOrders', perm('CG_TG_SURE')),
          hidden('/procurementConsignment/order/detail', 'purchaseOrderDetail', perm('CG_TG_SURE')),
          hidden('/procurementConsignment/order/add', 'purchaseOrderAdd', perm('CG_TG_SURE')),
          route('/purchasechange/order', 'purchaseChanges', perm('CHAN_SU')),
          hidden('/purchasechange/order/detail', 'purchaseChangeDetail', perm('CHAN_SU')),
        ],
      }),
      route('/receivingPlan', 'receivingPlans', {
        icon: 'plan',
        ...perm('RE_PLA'),
        children: [
          route('/receivingPlan/order', 'receivingPlanList'),
          hidden('/receivingPlan/order/planDetail', 'receivingPlanLines'),
          hidden('/receivingPlan/order/detail', 'receivingPlanDetail'),
          hidden('/receivingPlan/order/newadd', 'receivingPlanAdd'),
          route('/receivingPlan/plansure', 'receivingPlanConfirm', perm('RE_PLA_SU')),
          hidden('/receivingPlan/plansure/detail', 'receivingPlanConfirmDetail', perm('RE_PLA_SU')),
        ],
      }),
      route('/recemanage', 'receivingManagement', {
        icon: 'receive',
        ...perm('RE_MAN'),
        children: [
          route('/recemanage/receipt', 'deliveryNotices', perm('RE_IPT')),
          hidden('/receiptdetail/deliverydetail', 'deliveryNoticeDetail', perm('RE_IPT')),
          route('/recemanage/emerdelivery', 'urgentDeliveryNotices'),
          hidden('/recemanage/emerdelivery/newadd', 'urgentDeliveryNoticeAdd'),
          hidden('/recemanage/emerdelivery/detail', 'urgentDeliveryNoticeDetail'),
        ],
      }),
      route('/barrule', 'barcodeRules', {
        icon: 'barcode',
        ...perm('BAR_RU'),
        children: [route('/barrule/mfbarrmvrule', 'barcodeRuleList')],
      }),
      route('/prdiversion', 'inquiryAndComparison', {
        icon: 'inquiry',
        ...perm('PR_ION'),
        children: [
          route('/prdiversion/inquirynote', 'requestsForQuotation'),
          hidden('/prdiversion/inquirynote/add', 'requestForQuotationAdd'),
          hidden('/prdiversion/inquirynote/detail', 'requestForQuotationDetail'),
          route('/prdiversion/pricecom', 'priceComparison'),
          hidden('/prdiversion/pricecom/detail', 'priceComparisonDetail'),
        ],
      }),
      route('/contract', 'contractManagement', {
        icon: 'form',
        ...perm('PO_CON'),
        children: [
          route('/contract/supplier', 'supplierContracts'),
          hidden('/contract/supplier/add', 'supplierContractAdd'),
          hidden('/contract/supplier/detail', 'supplierContractDetail'),
        ],
      }),
      route('/purchasebill', 'purchaseReconciliation', {
        icon: 'bill',
        ...perm('PU_BI'),
        children: [
          route('/purchasebill/workernote', 'reconciliationStatements'),
          hidden('/purchasebill/sourcing/detail', 'reconciliationStatementDetail'),
        ],
      }),
      route('/datasyn', 'dataSynchronization', {
        icon: 'sync',
        ...perm('SRM_ERP'),
        children: [route('/datasyn/srmerp/index', 'erpSynchronization')],
      }),
      route('/poReport', 'purchaseReports', {
        icon: 'report',
        ...perm('PO_REP'),
        children: [
          route('/poReport/supevalform', 'reportSupplierEvaluation'),
          route('/poReport/procurementExecution', 'reportProcurementExecution'),
          route('/poReport/deliveryPage', 'reportDelivery'),
          route('/poReport/poTimelyArrivalRate', 'reportTimelyArrivalRate'),
          route('/poReport/poQualityYield', 'reportQualityYield'),
          route('/poReport/poLzDetails', 'reportReceiptDetails'),
          route('/poReport/poDiffReconciliation', 'reportReconciliationDifferences'),
          route('/poReport/poUnqualifiedReasonReport', 'reportUnqualifiedReasons'),
          route('/poReport/poConfirmDetails', 'reportConfirmationDetails'),
          route('/poReport/poAssessmentDetails', 'reportAssessmentDetails'),
          route('/poReport/qualifiedSuppliers', 'reportQualifiedSuppliers'),
          route('/poReport/supAbilityAnalysis', 'reportSupplierCapability'),
          route('/poReport/purchAchieveAnalysis', 'reportPurchaseAchievement'),
          route('/poReport/purchCompAnalysis', 'reportPurchaseComparison'),
        ],
      }),
    ],
  },
  {
    key: 'supply',
    dropChildless: true,
    routes: [
      route('/sale', 'customerManagement', {
        icon: 'customer',
        ...perm('SL_CUS'),
        children: [
          route('/sale/customer/qualification', 'customerQualification'),
          hidden('/sale/customer/detail', 'customerQualificationDetail'),
          route('/sale/profile', 'customerArchive'),
          hidden('/sale/profile/detail', 'customerArchiveDetail'),
          route('/sale/custnotificate', 'customerNotices'),
          hidden('/sale/custnotificate/detail', 'customerNoticeDetail'),
          hidden('/sale/custnotificate/newannounce', 'customerNoticeReply'),
          route('/sale/prod-customer', 'materialCustomers'),
          hidden('/sale/prod-customer/detail', 'materialCustomerDetail'),
          hidden('/sale/prod-customer/detail-qualifications', 'qualificationRequestDetail'),
        ],
      }),
      route('/opportunity', 'businessOpportunities', {
        icon: 'opportunity',
        ...perm('SL_BSO'),
        children: [
          route('/opportunity/potentialcustomers', 'potentialCustomers'),
          hidden('/opportunity/potentialcustomers/detail', 'potentialCustomerDetail'),
          route('/opportunity/customer-assessment', 'customerAssessment'),
          hidden('/opportunity/customer-assessment/add', 'customerAssessmentAdd'),
          hidden('/opportunity/customer-assessment/detail', 'customerAssessmentDetail'),
        ],
      }),
      route('/customer', 'customerOrderManagement', {
        icon: 'order',
        ...perm('CU_OR_CO'),
        children: [
          route('/customer/order', 'customerOrders'),
          hidden('/customer/order/detail', 'customerOrderDetail'),
          route('/orderchange/order', 'customerOrderChanges'),
          hidden('/orderchange/order/detail', 'customerOrderChangeDetail'),
          route('/customer/emerdelivery', 'customerUrgentDeliveries'),
          hidden('/customer/emerdelivery/detail', 'customerUrgentDeliveryDetail'),
          route('/customer/inventory', 'customerInventory'),
        ],
      }),
      route('/supreceivePlan', 'customerReceivingPlans', {
        icon: 'plan',
        ...perm('SURE_PL'),
        children: [
          route('/supreceivePlan/order', 'customerReceivingPlanList'),
          hidden('/supreceivePlan/order/detail', 'customerReceivingPlanDetail'),
          hidden('/supreceivePlan/order/planDetail', 'customerReceivingPlanLines'),
        ],
      }),
      route('/barcode', 'barcodePrinting', { icon: 'barcode', ...perm('BA_CO') }),
      route('/delivery', 'deliveryManagement', {
        icon: 'delivery',
        ...perm('SL_SH_GL'),
        children: [
          route('/delivery/deliverynote', 'deliveryNotes'),
          hidden('/delivery/deliverynote/filterlist', 'deliveryNoteSelection'),
          hidden('/supplysee/deliverydetail', 'deliveryNoteDetail'),
          hidden('/supplysee/supplydetail', 'deliveryLineDetail'),
        ],
      }),
      route('/inquiryoffer', 'quotationManagement', {
        icon: 'quotation',
        ...perm('QU_MA'),
        children: [
          route('/inquiryoffer/offerin', 'quotations'),
          hidden('/inquiryoffer/offerin/detail', 'quotationDetail'),
        ],
      }),
      route('/supcontract', 'customerContractManagement', {
        icon: 'form',
        ...perm('SL_CON'),
        children: [
          route('/contract/customer', 'customerContracts'),
          hidden('/contract/customer/detail', 'customerContractDetail'),
        ],
      }),
      route('/workers', 'supplyReconciliation', {
        icon: 'bill',
        ...perm('RE_MA'),
        children: [
          route('/workers/workernote', 'supplyReconciliationStatements'),
          hidden('/workers/sourcing/detail', 'supplyReconciliationDetail'),
          hidden('/workers/workernote/components/newstate', 'supplyReconciliationAdd'),
        ],
      }),
      route('/supReport', 'supplyReports', {
        icon: 'report',
        ...perm('SU_CRE'),
        children: [
          route('/supReport/supTimelyArrivalRate', 'reportSupplyTimelyArrivalRate'),
          route('/supReport/supQualityYield', 'reportSupplyQualityYield'),
          route('/supReport/supLzDetails', 'reportSupplyReceiptDetails'),
          route('/supReport/supDiffReconciliation', 'reportSupplyReconciliationDifferences'),
          route('/supReport/unreconciledDetails', 'reportUnreconciledDetails'),
          route('/supReport/supConfirmDetails', 'reportSupplyConfirmationDetails'),
        ],
      }),
    ],
  },
  {
    key: 'process',
    dropChildless: true,
    routes: [
      route('/admin', 'processDesign', {
        icon: 'process',
        ...perm('PR_MG'),
        children: [
          route('/admin/design', 'processDesigner', perm('PR_MG_DESIGN')),
          route('/admin/FormsPanel', 'formsPanel', perm('PR_MG_FORM')),
        ],
      }),
      route('/workspace', 'workspace', {
        icon: 'workspace',
        ...perm('PR_MG'),
        children: [
          route('/workspace/WorkSpace', 'myWorkspace', perm('PR_MG_WORK')),
          hidden('/workspace/process/instance/tabs', 'processInstance', perm('PR_MG_WORK')),
        ],
      }),
    ],
  },
  {
    key: 'config',
    dropChildless: false,
    routes: [
      route('/staff', 'staffManagement', {
        icon: 'staff',
        ...perm('CF_EMP_MGT_01'),
        children: [hidden('/staff/staffInfo', 'staffInfo', perm('CF_EMP_MGT_01'))],
      }),
      route('/jurisdiction', 'permissionManagement', {
        icon: 'permission',
        ...perm('CF_OAU'),
        children: [
          route('/jurisdiction/postauthority', 'positionAuthority'),
          hidden('/jurisdiction/postauthority/detail', 'positionAuthorityDetail'),
          route('/jurisdiction/tradpartner', 'tradingPartners'),
          hidden('/jurisdiction/tradpartner/detail', 'tradingPartnerDetail'),
          route('/jurisdiction/dept', 'departments'),
        ],
      }),
      route('/sysregistrate/registration', 'systemRegistration', { icon: 'registration', ...perm('CF_REG') }),
      route('/basicdatasetting', 'basicData', {
        icon: 'setting',
        ...perm('CF_BAS'),
        children: [
          route('/basicdatasetting/classificationmaintenance', 'materialClassification'),
          route('/basicdatasetting/basicdatamaintenance', 'basicDataMaintenance'),
          route('/basicdatasetting/attributeMaintenance', 'attributeMaintenance'),
          route('/basicdatasetting/materialfile', 'materialArchive'),
          hidden('/basicdatasetting/materialfile/adddetail', 'materialAdd'),
          hidden('/basicdatasetting/materialfile/detail', 'materialDetail'),
          route('/basicdatasetting/materialqualification', 'materialQualification'),
          route('/basicdatasetting/interestrate', 'interestRates'),
          route('/basicdatasetting/decimalplaces', 'decimalPlaces'),
          hidden('/basicdatasetting/decimalplaces/money-findings', 'moneyFindings'),
          route('/basicdatasetting/evaluation-project', 'evaluationItems'),
          route('/basicdatasetting/warehouse', 'warehouses'),
          route('/basicdatasetting/features', 'features'),
          route('/basicdatasetting/overprint', 'printTemplates'),
          route('/basicdatasetting/interface', 'printInterfaces'),
          hidden('/arc/index', 'printTemplateDesign'),
          hidden('/arc/preview', 'printTemplatePreview'),
        ],
      }),
      route('/printmanagement', 'printManagement', {
        icon: 'print',
        ...perm('CF_PRINT'),
        children: [
          route('/printmanagement/overprint', 'printTemplates'),
          route('/printmanagement/arc', 'printTemplateDesign'),
          route('/printmanagement/interface', 'printInterfaces'),
          route('/printmanagement/printerSettings', 'printerSettings'),
        ],
      }),
      route('/logs', 'operationLogs', { icon: 'log', ...perm('CF_LOG') }),
    ],
  },
];

/** Routes rendered without the shell, still behind the login guard. */
export const BARE_ROUTES: RouteNode[] = [hidden('/thirdParty/thirdSelectData', 'relatedDataSelection')];

export type PermissionCheck = (codes: readonly string[]) => boolean;

function filterNode(node: RouteNode, canAny: PermissionCheck): RouteNode | null {
  if (node.permissions && node.permissions.length > 0 && !canAny(node.permissions)) return null;
  if (!node.children) return node;
  const children = node.children.map((c) => filterNode(c, canAny)).filter((c): c is RouteNode => c !== null);
  return { ...node, children };
}

const hasVisibleChildren = (node: RouteNode) => (node.children ?? []).some((c) => !c.hidden);

/**
 * Spec §2 route building: a route stays when it needs no permission or the user holds any listed one;
 * children likewise; purchase, supply and process groups drop entries left without children; groups
 * left with nothing to show in the menu disappear (issue 18 §3).
 */
export function filterRouteGroups(groups: readonly MenuGroup[], canAny: PermissionCheck): MenuGroup[] {
  return groups
    .map((group) => {
      const routes = group.routes
        .map((r) => filterNode(r, canAny))
        .filter((r): r is RouteNode => r !== null)
        .filter((r) => !group.dropChildless || hasVisibleChildren(r));
      return { ...group, routes };
    })
    .filter((group) => group.routes.some((r) => !r.hidden));
}

export function flattenRoutes(nodes: readonly RouteNode[], parents: RouteNode[] = []): RouteTrail[] {
  return nodes.flatMap((node) => [{ node, parents }, ...flattenRoutes(node.children ?? [], [...parents, node])]);
}

export interface RouteTrail {
  node: RouteNode;
  /** Ancestors from the top-level menu entry down, for the breadcrumb. */
  parents: RouteNode[];
}

const ALL_TRAILS = new Map<string, RouteTrail & { group: MenuGroupKey }>(
  ROUTE_GROUPS.flatMap((g) => flattenRoutes(g.routes).map((trail) => [trail.node.path, { ...trail, group: g.key }])),
);

export function findRoute(path: string): (RouteTrail & { group: MenuGroupKey }) | undefined {
  return ALL_TRAILS.get(path);
}

export function allRoutePaths(): string[] {
  return [...ALL_TRAILS.keys()];
}

/** Titles of the routes outside the menu, for the page title. */
export const PUBLIC_TITLES: Record<string, RouteTitleKey> = {
  '/login': 'login',
  '/register': 'register',
  '/resetpsw': 'resetPassword',
  '/auth-redirect': 'signingIn',
  '/qr-login': 'qrLogin',
  '/404': 'notFound',
  '/401': 'unauthorized',
  '/thirdParty/thirdSelectData': 'relatedDataSelection',
};

export function titleKeyFor(path: string): RouteTitleKey | undefined {
  return findRoute(path)?.node.title ?? PUBLIC_TITLES[path];
}

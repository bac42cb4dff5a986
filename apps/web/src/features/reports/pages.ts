import type { ReportName } from '@concord/shared';
import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const reports = () => import('./ReportPage.tsx');
const page = (name: ReportName) => lazyPage(reports, (m) => m.ReportScreens[name]);

/** The delivery reports of both sides by route path (see lib/lazyPage.ts); one page component serves all. */
export const reportPages: PagesByPath = {
  '/poReport/procurementExecution': page('procurementExecution'),
  '/poReport/deliveryPage': page('deliveryPage'),
  '/poReport/poTimelyArrivalRate': page('poTimelyArrivalRate'),
  '/poReport/poQualityYield': page('poQualityYield'),
  '/poReport/poLzDetails': page('poLzDetails'),
  '/poReport/poDiffReconciliation': page('poDiffReconciliation'),
  '/poReport/poUnqualifiedReasonReport': page('poUnqualifiedReasonReport'),
  '/poReport/poConfirmDetails': page('poConfirmDetails'),
  '/poReport/purchAchieveAnalysis': page('purchAchieveAnalysis'),
  '/poReport/purchCompAnalysis': page('purchCompAnalysis'),
  '/supReport/supTimelyArrivalRate': page('supTimelyArrivalRate'),
  '/supReport/supQualityYield': page('supQualityYield'),
  '/supReport/supLzDetails': page('supLzDetails'),
  '/supReport/supDiffReconciliation': page('supDiffReconciliation'),
  '/supReport/unreconciledDetails': page('unreconciledDetails'),
  '/supReport/supConfirmDetails': page('supConfirmDetails'),
};

import { NOTICE_STATUS } from '@concord/shared';
import type { notices } from '../../db/schema.ts';

export const MODULE = 'notices';

export type NoticeRow = typeof notices.$inferSelect;

export const BUYER_READ = 'PO_SUP_CAT_EDIT';
export const SUPPLIER_READ = 'SL_CUS';

/** A supplier sees a notice once it has been published, and keeps seeing it if it is later abolished. */
export const SUPPLIER_VISIBLE: readonly number[] = [NOTICE_STATUS.PUBLISHED, NOTICE_STATUS.ABOLISHED];

export const buyerLink = (id: string) => `/supplier/supnotificate/detail?id=${id}`;
export const supplierLink = (id: string) => `/sale/custnotificate/detail?id=${id}`;

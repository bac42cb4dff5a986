import { NOTICE_STATUS } from '@concord/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { notices } from '../../db/schema.ts';
import type { MessageProvider } from '../../platform/mail.ts';

export const MODULE = 'notices';

/** What a notice step needs beyond the database: mail delivery after commit and a log for failures. */
export interface NoticeDeps {
  db: Db;
  provider: MessageProvider;
  log: FastifyBaseLogger;
}

export type NoticeRow = typeof notices.$inferSelect;

export const BUYER_READ = 'PO_SUP_CAT_EDIT';
export const SUPPLIER_READ = 'SL_CUS';

/** A supplier sees a notice once it has been published, and keeps seeing it if it is later abolished. */
export const SUPPLIER_VISIBLE: readonly number[] = [NOTICE_STATUS.PUBLISHED, NOTICE_STATUS.ABOLISHED];

export const buyerLink = (id: string) => `/supplier/supnotificate/detail?id=${id}`;
export const supplierLink = (id: string) => `/sale/custnotificate/detail?id=${id}`;

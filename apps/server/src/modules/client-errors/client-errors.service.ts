import { type ClientErrorReport, OPERATION_TYPE, redactSecrets, type TextRef, text } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { clientErrors } from '../../db/schema.ts';
import { type Auth, inTenantTx, isMemberAuth } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { newId } from '../../platform/ids.ts';
import type { AccountContext } from '../../platform/route.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';

/** The operation log's module of a report; its type is ADD, spec §3 having no type for a client error. */
export const MODULE = 'client-error';

/**
 * Reports without an enterprise come from a public route, from anyone: the newest this many are kept,
 * so addresses taking turns under the per-client limit cannot fill the disk.
 */
export const KEPT_REPORTS = 10_000;

/** The operation log's masking marks (operation-logs.service.ts): a report must not forge a masked span. */
const LOG_MARKS = /[\u2983-\u2986]/g;

function redacted(report: ClientErrorReport) {
  return {
    message: redactSecrets(report.message),
    stack: redactSecrets(report.stack ?? ''),
    info: redactSecrets(report.info ?? ''),
    url: redactSecrets(report.url),
    userAgent: report.userAgent ?? '',
  };
}

/**
 * The log entry of a report: its own words as parameters, each cleared of marks so that a report
 * cannot forge a masked span; the list shows the first line, what failed and where.
 */
function summaryOf(r: ReturnType<typeof redacted>): TextRef {
  const clean = (s: string) => s.replace(LOG_MARKS, '');
  const componentStack = r.info.replace(/^\n/, '');
  return text('clientErrors.reported', {
    message: clean(r.message),
    url: clean(r.url),
    browser: r.userAgent ? clean(r.userAgent) : text('clientErrors.unknownBrowser'),
    stack: clean(r.stack),
    ...(componentStack && { componentStack: text('clientErrors.componentStack', { stack: clean(componentStack) }) }),
  });
}

/**
 * Keeps one unhandled browser error (spec §8, issue 17 §4), secrets redacted: a member's report goes to
 * the operation log of the enterprise it acts in, where its administrators read it; any other report to
 * the platform's `client_errors`, for operators only.
 */
export async function recordClientError(ctx: AccountContext, auth: Auth | null, report: ClientErrorReport) {
  const r = redacted(report);
  if (isMemberAuth(auth)) {
    await inTenantTx(ctx.db, auth.tenantId, (tx) =>
      recordOperation(tx, actorOf(auth), { type: OPERATION_TYPE.ADD, module: MODULE, summary: summaryOf(r) }),
    );
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(clientErrors).values({ id: newId(), userId: auth?.userId ?? null, ip: ctx.ip, ...r });
    await tx.execute(sql`
      delete from ${clientErrors}
       where id <= (select id from ${clientErrors} order by id desc offset ${KEPT_REPORTS} limit 1)`);
  });
}

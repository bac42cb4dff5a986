import { NOTICE_RECIPIENT_STATUS, NOTICE_STATUS, OPERATION_TYPE, text } from '@concord/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, noticeRecipients, notices, suppliers } from '../db/schema.ts';
import { notifyUsers } from '../modules/messages/messages.service.ts';
import { administratorsOf } from '../modules/messages/messages.tell.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { newId } from '../platform/ids.ts';
import { htmlToText, sanitizeHtml } from '../platform/sanitize.ts';
import type { DemoWorld } from './world.ts';

const SPRING_FESTIVAL_TITLE = '2027 年春节放假安排 Spring Festival shipping schedule';
const QUALITY_REVIEW_TITLE = '2027 Q1 供应商质量评审会 Supplier quality review';
const PRECISION_REPLY =
  '收到。深圳精密零件 2 月 4 日至 2 月 14 日放假，节前最后一批铝壳 2 月 2 日发出。' +
  'Noted: our last shipment before the holiday leaves on 2 February; we are closed 4–14 February.';

const SPRING_FESTIVAL = `
<p>尊敬的供应商伙伴：</p>
<p>华信电子 2027 年春节放假时间为 <strong>2027 年 2 月 5 日至 2 月 13 日</strong>，2 月 14 日正常上班。</p>
<ul>
  <li>节前最后收货日：<strong>2027-02-03</strong>，请据此安排出货；</li>
  <li>节后首个收货日：2027-02-14；</li>
  <li>假期间紧急事项请联系采购部 王建华 138-0000-0001。</li>
</ul>
<p>Dear supplier partners,</p>
<p>Huaxin Electronics is closed for the Spring Festival from <strong>5 to 13 February 2027</strong>.
The last receiving day before the holiday is <strong>3 February</strong>; receiving resumes on 14 February.
Please plan your shipments accordingly and reply with your own holiday schedule.</p>`;

const QUALITY_REVIEW = `
<p>Agenda of the Q1 2027 supplier quality review: incoming-inspection yield, 8D reports still open,
and the packaging change for aluminium housings. Dial-in details follow with the published notice.</p>`;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * A published notice from Huaxin to both suppliers (Precision replied, Plastics has not opened it) and
 * a draft. Suppliers are looked up in Huaxin's archive by enterprise; without them there is nothing
 * to address, and the seed does nothing.
 */
export async function seedNotices(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const buyer = world.users.buyer;
  const seeded = await inTenantTx(db, huaxin, async (tx) => {
    const archive = await tx
      .select({ id: suppliers.id, supplierTenantId: suppliers.supplierTenantId })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.tenantId, huaxin),
          inArray(suppliers.supplierTenantId, [world.tenants.precision, world.tenants.plastics]),
        ),
      );
    const precision = archive.find((s) => s.supplierTenantId === world.tenants.precision);
    const plastics = archive.find((s) => s.supplierTenantId === world.tenants.plastics);
    if (!precision || !plastics) return false;
    const [employee] = await tx
      .select({ deptId: employees.deptId })
      .from(employees)
      .where(and(eq(employees.tenantId, huaxin), eq(employees.userId, buyer)))
      .limit(1);
    const owner = { ownerId: buyer, deptId: employee?.deptId ?? null };

    const published = newId();
    await tx.insert(notices).values({
      tenantId: huaxin,
      id: published,
      noticeNo: 'NT00001',
      title: SPRING_FESTIVAL_TITLE,
      content: sanitizeHtml(SPRING_FESTIVAL),
      needReply: 1,
      status: NOTICE_STATUS.PUBLISHED,
      publishedAt: daysAgo(3),
      createdAt: daysAgo(4),
      ...owner,
    });
    await tx.insert(noticeRecipients).values([
      {
        tenantId: huaxin,
        id: newId(),
        noticeId: published,
        supplierId: precision.id,
        supplierTenantId: world.tenants.precision,
        status: NOTICE_RECIPIENT_STATUS.REPLIED,
        readAt: daysAgo(2),
        reply: PRECISION_REPLY,
        repliedAt: daysAgo(2),
        version: 3,
      },
      {
        tenantId: huaxin,
        id: newId(),
        noticeId: published,
        supplierId: plastics.id,
        supplierTenantId: world.tenants.plastics,
        status: NOTICE_RECIPIENT_STATUS.UNREAD,
      },
    ]);

    const draft = newId();
    await tx.insert(notices).values({
      tenantId: huaxin,
      id: draft,
      noticeNo: 'NT00002',
      title: QUALITY_REVIEW_TITLE,
      content: sanitizeHtml(QUALITY_REVIEW),
      needReply: 0,
      status: NOTICE_STATUS.DRAFT,
      ...owner,
    });
    await tx.insert(noticeRecipients).values({
      tenantId: huaxin,
      id: newId(),
      noticeId: draft,
      supplierId: precision.id,
      supplierTenantId: world.tenants.precision,
    });

    const actor = { tenantId: huaxin, userId: buyer, username: 'buyer', ip: '127.0.0.1' };
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.ADD,
      module: 'notices',
      targetId: published,
      summary: text('notices.created', { noticeNo: 'NT00001', title: SPRING_FESTIVAL_TITLE, count: 2 }),
    });
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.UPDATE,
      module: 'notices',
      targetId: published,
      summary: text('notices.published', { noticeNo: 'NT00001' }),
    });
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.ADD,
      module: 'notices',
      targetId: draft,
      summary: text('notices.created', { noticeNo: 'NT00002', title: QUALITY_REVIEW_TITLE, count: 1 }),
    });
    await notifyUsers(tx, {
      tenantId: huaxin,
      userIds: [buyer],
      kind: 'system',
      title: text('notices.repliedBy', { party: '深圳精密零件', noticeNo: 'NT00001', title: SPRING_FESTIVAL_TITLE }),
      content: text('notices.written', { text: PRECISION_REPLY }),
      link: `/supplier/supnotificate/detail?id=${published}`,
    });
    return published;
  });
  if (!seeded) return;
  for (const tenantId of [world.tenants.precision, world.tenants.plastics]) {
    await inTenantTx(db, tenantId, async (tx) =>
      notifyUsers(tx, {
        tenantId,
        userIds: await administratorsOf(tx, tenantId),
        kind: 'system',
        title: text('notices.publishedBy', {
          party: '华信电子 Huaxin Electronics',
          noticeNo: 'NT00001',
          title: SPRING_FESTIVAL_TITLE,
        }),
        content: text('notices.written', { text: htmlToText(SPRING_FESTIVAL).slice(0, 500) }),
        link: `/sale/custnotificate/detail?id=${seeded}`,
      }),
    );
  }
}

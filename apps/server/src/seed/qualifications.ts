import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  addCalendarDays,
  addCalendarYears,
  OPERATION_TYPE,
  QUALIFICATION_STATUS,
  type TextRef,
  text,
} from '@concord/shared';
import { and, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  employees,
  qualificationDocuments,
  qualificationRequirements,
  supplierClasses,
  suppliers,
} from '../db/schema.ts';
import { notifyUsers } from '../modules/messages/messages.service.ts';
import { administratorsOf } from '../modules/messages/messages.tell.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { dueHeadline, dueLines, dueSummary, renewRequest } from '../modules/qualifications/qualifications.expiry.ts';
import { stepSummary, stepText } from '../modules/qualifications/qualifications.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { newId } from '../platform/ids.ts';
import { localDate } from '../platform/jobs.ts';
import type { DemoWorld } from './world.ts';

/** Stored-file keys of the sample attachments (32 hex digits, like the upload route's). */
const DEMO_FILES = {
  iso: '5eedc0de000000000000000000000001.pdf',
  licence: '5eedc0de000000000000000000000002.pdf',
  rohs: '5eedc0de000000000000000000000003.pdf',
  mtc: '5eedc0de000000000000000000000004.pdf',
} as const;

/** The demo documents, as their rows, log entries and messages name them. */
const ISO = { fileCode: 'QF00001', fileName: 'ISO 9001 质量管理体系认证证书 certificate' };
const LICENCE = { fileCode: 'QF00002', fileName: '营业执照 Business licence' };
const ROHS = { fileCode: 'QF00003', fileName: 'RoHS 检测报告 test report' };
const ENV = { fileCode: 'QF00004', fileName: '环保声明 Environmental declaration' };
const MTC = { fileCode: 'QF00005', fileName: '材质证明 Material certificate 6061-T6' };
const S = QUALIFICATION_STATUS;
const PRECISION = '深圳精密零件';
const HUAXIN = '华信电子 Huaxin Electronics';

const ref = (name: string, key: string) => ({ name, url: `/gateway/system/oss/file/${key}` });

/** A one-page PDF with one line of text, offsets computed so readers need no repair. */
export function samplePdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Writes the sample attachments into the file store (synchronously, at start-up of a demo
 * installation), so the seeded documents' files open like uploaded ones.
 */
export function writeDemoAttachments(dataDir: string): void {
  const dir = path.join(dataDir, 'files');
  mkdirSync(dir, { recursive: true });
  const titles: Record<keyof typeof DEMO_FILES, string> = {
    iso: 'ISO 9001:2015 certificate - Shenzhen Precision Parts (sample)',
    licence: 'Business licence - Shenzhen Precision Parts (sample)',
    rohs: 'RoHS test report - aluminium housings (sample)',
    mtc: 'Material certificate EN 10204 3.1 - Al 6061-T6 (sample)',
  };
  for (const [k, key] of Object.entries(DEMO_FILES)) {
    writeFileSync(path.join(dir, key), samplePdf(titles[k as keyof typeof DEMO_FILES]), { flag: 'w' });
  }
}

/** What the suppliers seed made; missing entries are looked up in Huaxin's archive. */
export interface QualificationSeedInput {
  precision?: string;
  classes?: { machined?: string };
}

/**
 * Huaxin ↔ Shenzhen Precision: requirements of the "Machined parts" class, an ISO 9001 certificate
 * completed and valid, a business licence expiring in 20 days, an RoHS test report expired, an
 * environmental declaration waiting for the supplier's reply, and a material certificate replied with
 * a PDF and waiting for Huaxin. The expiring and expired ones are announced to both sides already.
 * Seeds once; without Precision in Huaxin's archive there is nothing to seed.
 */
export async function seedQualifications(db: Db, world: DemoWorld, seeded: QualificationSeedInput = {}): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const precisionTenant = world.tenants.precision;
  const buyer = world.users.buyer;
  const supplierUser = world.users.supplier;
  const today = localDate(new Date());
  const daysFromNow = (n: number) => addCalendarDays(today, n);
  const rohsBuilt = addCalendarDays(addCalendarYears(today, -1), -15);
  const mtcReply = {
    ...MTC,
    buildDate: daysFromNow(-6),
    fileDqDate: addCalendarYears(daysFromNow(-6), 1),
    attachments: [ref('MTC-6061-T6-heat-24118.pdf', DEMO_FILES.mtc)],
    documentCode: 'MTC-6061-240118',
    resultComment: '',
  };
  const at = (date: string, time = '09:30:00') => new Date(`${date}T${time}`).toISOString();

  const ids = await inTenantTx(db, huaxin, async (tx) => {
    const [already] = await tx
      .select({ id: qualificationDocuments.id })
      .from(qualificationDocuments)
      .where(eq(qualificationDocuments.tenantId, huaxin))
      .limit(1);
    if (already) return null;
    const [supplier] = await tx
      .select({ id: suppliers.id, classId: suppliers.supplierClassId })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.tenantId, huaxin),
          seeded.precision ? eq(suppliers.id, seeded.precision) : eq(suppliers.supplierTenantId, precisionTenant),
        ),
      )
      .limit(1);
    if (!supplier) return null;
    const [machined] = seeded.classes?.machined
      ? [{ id: seeded.classes.machined }]
      : await tx
          .select({ id: supplierClasses.id })
          .from(supplierClasses)
          .where(and(eq(supplierClasses.tenantId, huaxin), ilike(supplierClasses.name, '%machined%')))
          .limit(1);
    const [employee] = await tx
      .select({ deptId: employees.deptId })
      .from(employees)
      .where(and(eq(employees.tenantId, huaxin), eq(employees.userId, buyer)))
      .limit(1);

    const scope = machined
      ? { scopeType: 'class', scopeId: machined.id }
      : { scopeType: 'supplier', scopeId: supplier.id };
    const req = {
      iso: newId(),
      licence: newId(),
      rohs: newId(),
      env: newId(),
      mtc: newId(),
    };
    await tx.insert(qualificationRequirements).values([
      {
        tenantId: huaxin,
        id: req.iso,
        ...scope,
        fileName: 'ISO 9001 质量管理体系认证证书 certificate',
        description: 'Valid ISO 9001:2015 certificate of the production site, issued by an accredited body.',
        fileType: 'Certificate',
        validityType: '3',
      },
      {
        tenantId: huaxin,
        id: req.licence,
        ...scope,
        fileName: '营业执照 Business licence',
        description: 'Copy of the business licence with the company seal; the expiry date as printed.',
        fileType: 'Licence',
        validityType: 'date',
        validDate: daysFromNow(20),
      },
      {
        tenantId: huaxin,
        id: req.rohs,
        ...scope,
        fileName: 'RoHS 检测报告 test report',
        description: 'Third-party RoHS 2.0 report (10 substances) for the aluminium housings, not older than a year.',
        fileType: 'Test report',
        validityType: '1',
      },
      {
        tenantId: huaxin,
        id: req.env,
        ...scope,
        fileName: '环保声明 Environmental declaration',
        description: 'Signed declaration of conformity with REACH SVHC and the Huaxin restricted-substance list.',
        fileType: 'Declaration',
        isNecessary: false,
        validityType: '1',
      },
      {
        tenantId: huaxin,
        id: req.mtc,
        ...scope,
        fileName: '材质证明 Material certificate 6061-T6',
        description: 'EN 10204 3.1 mill certificate of the aluminium bar stock, one per heat.',
        fileType: 'Certificate',
        validityType: '1',
      },
    ]);

    const common = {
      tenantId: huaxin,
      supplierTenantId: precisionTenant,
      supplierId: supplier.id,
      ownerId: buyer,
      deptId: employee?.deptId ?? null,
    };
    const isoBuilt = addCalendarYears(today, -1);
    const docs = {
      iso: newId(),
      licence: newId(),
      rohs: newId(),
      env: newId(),
      mtc: newId(),
    };
    await tx.insert(qualificationDocuments).values([
      {
        ...common,
        id: docs.iso,
        requirementId: req.iso,
        ...ISO,
        description: 'Valid ISO 9001:2015 certificate of the production site, issued by an accredited body.',
        fileType: 'Certificate',
        validityType: '3',
        buildDate: isoBuilt,
        fileDqDate: addCalendarYears(isoBuilt, 3),
        attachments: [ref('ISO9001-certificate.pdf', DEMO_FILES.iso)],
        documentCode: 'CN-QMS-2025-03117',
        submitTime: at(addCalendarDays(isoBuilt, 5)),
        status: S.COMPLETED,
        result: 'pass',
        createdAt: at(isoBuilt, '08:00:00'),
      },
      {
        ...common,
        id: docs.licence,
        requirementId: req.licence,
        ...LICENCE,
        description: 'Copy of the business licence with the company seal; the expiry date as printed.',
        fileType: 'Licence',
        validityType: 'date',
        buildDate: addCalendarYears(today, -10),
        fileDqDate: daysFromNow(20),
        attachments: [ref('business-licence.pdf', DEMO_FILES.licence)],
        documentCode: '91440300MA5F8LQ21T',
        submitTime: at(daysFromNow(-200)),
        status: S.EXPIRING,
        notifiedStatus: S.EXPIRING,
        result: 'pass',
        createdAt: at(daysFromNow(-210)),
      },
      {
        ...common,
        id: docs.rohs,
        requirementId: req.rohs,
        ...ROHS,
        description: 'Third-party RoHS 2.0 report (10 substances) for the aluminium housings, not older than a year.',
        fileType: 'Test report',
        validityType: '1',
        buildDate: rohsBuilt,
        fileDqDate: addCalendarYears(rohsBuilt, 1),
        attachments: [ref('RoHS-report-SZP-2025.pdf', DEMO_FILES.rohs)],
        documentCode: 'SGS-SZ-2025-118843',
        submitTime: at(addCalendarDays(rohsBuilt, 3)),
        status: S.EXPIRED,
        notifiedStatus: S.EXPIRED,
        result: 'pass',
        createdAt: at(rohsBuilt),
      },
      {
        ...common,
        id: docs.env,
        requirementId: req.env,
        ...ENV,
        description: 'Signed declaration of conformity with REACH SVHC and the Huaxin restricted-substance list.',
        fileType: 'Declaration',
        isNecessary: false,
        validityType: '1',
        status: S.TO_BE_REPLIED,
        createdAt: at(daysFromNow(-2)),
      },
      {
        ...common,
        id: docs.mtc,
        requirementId: req.mtc,
        ...mtcReply,
        description: 'EN 10204 3.1 mill certificate of the aluminium bar stock, one per heat.',
        fileType: 'Certificate',
        validityType: '1',
        submitTime: at(daysFromNow(-1), '16:12:00'),
        status: S.TO_BE_CONFIRMED,
        createdAt: at(daysFromNow(-5)),
      },
    ]);
    const actor = { tenantId: huaxin, userId: buyer, username: 'buyer', ip: '127.0.0.1' };
    const system = { tenantId: huaxin, userId: null, username: 'system', ip: null };
    const log = (who: typeof actor | typeof system, targetId: string, summary: TextRef) =>
      recordOperation(tx, who, { type: OPERATION_TYPE.UPDATE, module: 'qualifications', targetId, summary });
    const requested = (fileCode: string, fileName: string) =>
      text('qualifications.requested', { fileCode, fileName, supName: PRECISION });
    await log(actor, docs.iso, requested(ISO.fileCode, ISO.fileName));
    await log(actor, docs.iso, stepText('pass', ISO));
    await log(actor, docs.licence, stepText('pass', LICENCE));
    await log(system, docs.licence, dueSummary(S.EXPIRING, LICENCE.fileCode, daysFromNow(20), today));
    await log(actor, docs.rohs, stepText('pass', ROHS));
    await log(system, docs.rohs, dueSummary(S.EXPIRED, ROHS.fileCode, addCalendarYears(rohsBuilt, 1), today));
    await log(actor, docs.env, requested(ENV.fileCode, ENV.fileName));
    await log(actor, docs.mtc, requested(MTC.fileCode, MTC.fileName));
    await notifyUsers(tx, {
      tenantId: huaxin,
      userIds: [buyer],
      kind: 'qualification',
      title: dueHeadline(S.EXPIRING, 1, 30),
      content: dueLines([{ ...LICENCE, supCode: 'S00001', fileDqDate: daysFromNow(20) }]),
      link: `/supplier/qualification/detail?id=${docs.licence}`,
    });
    await notifyUsers(tx, {
      tenantId: huaxin,
      userIds: [buyer],
      kind: 'qualification',
      title: dueHeadline(S.EXPIRED, 1, 30),
      content: dueLines([{ ...ROHS, supCode: 'S00001', fileDqDate: addCalendarYears(rohsBuilt, 1) }]),
      link: `/supplier/qualification/detail?id=${docs.rohs}`,
    });
    await notifyUsers(tx, {
      tenantId: huaxin,
      userIds: [buyer],
      kind: 'qualification',
      title: text('qualifications.byParty', { party: PRECISION, what: stepText('reply', MTC) }),
      content: text('qualifications.pleaseConfirm', {
        documentCode: mtcReply.documentCode,
        validUntil: mtcReply.fileDqDate,
      }),
      link: `/supplier/qualification/detail?id=${docs.mtc}`,
    });
    return docs;
  });
  if (!ids) return;

  await inTenantTx(db, precisionTenant, async (tx) => {
    const actor = { tenantId: precisionTenant, userId: supplierUser, username: 'supplier', ip: '127.0.0.1' };
    await recordOperation(tx, actor, {
      type: OPERATION_TYPE.UPDATE,
      module: 'qualifications',
      targetId: ids.mtc,
      summary: stepSummary('reply', mtcReply),
    });
    const admins = await administratorsOf(tx, precisionTenant);
    const notes = [
      {
        title: text('qualifications.requestedTitle', { party: HUAXIN, count: 1 }),
        content: text('qualifications.documentLine', ENV),
        link: `/sale/customer/detail?id=${ids.env}`,
      },
      {
        title: text('qualifications.fromParty', { party: HUAXIN, headline: dueHeadline(S.EXPIRING, 1, 30) }),
        content: renewRequest([{ ...LICENCE, fileDqDate: daysFromNow(20) }]),
        link: `/sale/customer/detail?id=${ids.licence}`,
      },
      {
        title: text('qualifications.fromParty', { party: HUAXIN, headline: dueHeadline(S.EXPIRED, 1, 30) }),
        content: renewRequest([{ ...ROHS, fileDqDate: addCalendarYears(rohsBuilt, 1) }]),
        link: `/sale/customer/detail?id=${ids.rohs}`,
      },
    ];
    for (const n of notes) {
      await notifyUsers(tx, { tenantId: precisionTenant, userIds: admins, kind: 'qualification', ...n });
    }
  });
}

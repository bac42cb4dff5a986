import {
  drawingPublishSchema,
  MATERIAL_IMPORT_TARGETS,
  materialCustomerFieldsSchema,
  materialCustomerListSchema,
  materialCustomerSchema,
  materialCustomerUpdateSchema,
  materialDrawingSchema,
  materialExportQuerySchema,
  materialExportSchema,
  materialFieldsSchema,
  materialFilterSchema,
  materialImportSchema,
  materialListSchema,
  materialOperationSchema,
  materialOptionSchema,
  materialQualificationSchema,
  materialSchema,
  materialSearchQuerySchema,
  materialSupplierCreateSchema,
  materialSupplierListSchema,
  materialSupplierSchema,
  materialSupplierUpdateSchema,
  materialUpdateSchema,
  noReplySchema,
  organizationIdSchema,
  pageReplySchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeUpload } from '../../platform/files.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { todayOf } from '../../platform/time.ts';
import { DEFAULT_XLSX_LIMITS } from '../../platform/xlsx-import.ts';
import { writeDemoDrawings } from '../../seed/materials.ts';
import * as customers from './material-customers.service.ts';
import * as approved from './material-suppliers.service.ts';
import * as excel from './materials.excel.ts';
import * as exporter from './materials.export.ts';
import { searchMaterialOptions } from './materials.search.ts';
import * as materials from './materials.service.ts';

const BASE = '/gateway/srm/materials';
const params = z.object({ id: organizationIdSchema });
const targetQuery = z.object({ target: z.enum(MATERIAL_IMPORT_TARGETS).default('materials') });
const exportQuery = materialExportQuerySchema.extend(targetQuery.shape);
const exportBody = materialFilterSchema
  .pick({ keyword: true, classId: true, status: true })
  .extend({ target: z.enum(MATERIAL_IMPORT_TARGETS) });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Materials (spec §2 /basicdatasetting/materialfile, CF_BAS), their drawings, approved suppliers and
 * Excel transfer; the picker search; and the supplier's material-customer relation (/sale/prod-customer, SL_CUS).
 */
export function registerMaterialRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['materials'] });
  const db = s.database.db;
  const dataDir = s.config.dataDir;
  const archive = 'CF_BAS';
  const sale = 'SL_CUS';

  excel.registerImportJob(s.jobs, db, dataDir);
  exporter.registerExportJob(s.jobs, db, dataDir);
  // The seed runs against the database only; the sample drawings it points at live in the file store.
  if (s.config.seedDemo) writeDemoDrawings(dataDir);

  /**
   * Starts a queued job once its row has committed, rather than at the runner's next poll; the runner's
   * claim keeps it to one run. Scheduled, not awaited: the reply does not wait for the job.
   */
  function startAfterCommit(ctx: RequestContext, jobId: string | null, what: string) {
    if (!jobId) return;
    ctx.afterCommit(async () => {
      setImmediate(() => {
        s.jobs.runDue({ ids: [jobId] }).catch((err: unknown) => ctx.log.error({ err }, `${what} start failed`));
      });
    });
  }

  /** The uploaded workbook, kept in the file store; only an Office Open XML (zip) file is taken. */
  async function storeWorkbook(req: FastifyRequest) {
    const file = await req.file({ limits: { fileSize: DEFAULT_XLSX_LIMITS.maxFileBytes, files: 1 } });
    if (!file) throw new AppError('VALIDATION_FAILED');
    const stored = await storeUpload(dataDir, file);
    if (stored.mime !== 'application/zip') throw new AppError('IMPORT_FILE_INVALID');
    return stored;
  }

  // --- materials ---------------------------------------------------------------------------------

  r.post(
    `${BASE}/list`,
    { operationId: 'listMaterials', access: archive, body: materialListSchema, reply: pageReplySchema(materialSchema) },
    (ctx, { body }) => materials.listMaterials(ctx, body),
  );

  // Every member reaches the picker; the service admits those holding CF_BAS or PO_SYN.
  r.get(
    `${BASE}/search`,
    {
      operationId: 'searchMaterials',
      access: 'member',
      query: materialSearchQuerySchema,
      reply: z.array(materialOptionSchema),
    },
    (ctx, { query }) => searchMaterialOptions(ctx, query.q, query.includeDisabled === 'true'),
  );

  r.file(
    'GET',
    `${BASE}/template`,
    { operationId: 'getMaterialImportTemplate', access: archive, query: targetQuery, produces: XLSX_TYPE },
    async (ctx, { query }) => ({
      body: await excel.getImportTemplate(ctx, query.target),
      name: `${query.target}-template-${await todayOf(ctx.tx, ctx.tenantId)}.xlsx`,
    }),
  );

  r.file(
    'GET',
    `${BASE}/export`,
    { operationId: 'exportMaterials', access: archive, query: exportQuery, produces: XLSX_TYPE },
    async (ctx, { query }) => {
      const { target, keyword, classId, status } = query;
      const filter = { keyword, classId, status: status === undefined ? undefined : status === '1' ? 1 : 0 } as const;
      const { file, fileName } = await exporter.exportMaterials(ctx, target, filter);
      return { body: file, name: fileName };
    },
  );

  r.post(
    `${BASE}/exports`,
    { operationId: 'startMaterialExport', access: archive, body: exportBody, reply: materialExportSchema },
    async (ctx, { body }) => {
      const { target, ...filter } = body;
      const queued = await exporter.queueExport(ctx, target, filter);
      startAfterCommit(ctx, queued.jobId, 'material export');
      return exporter.getExport(ctx, queued.exportId);
    },
  );

  r.get(
    `${BASE}/exports/:id`,
    { operationId: 'getMaterialExport', access: archive, params, reply: materialExportSchema },
    (ctx, { params }) => exporter.getExport(ctx, params.id),
  );

  r.file(
    'GET',
    `${BASE}/exports/:id/file`,
    { operationId: 'downloadMaterialExport', access: archive, params, produces: XLSX_TYPE },
    async (ctx, { params }) => {
      const { file, fileName } = await exporter.readExportFile(ctx, dataDir, params.id);
      return { body: file, name: fileName };
    },
  );

  r.post(
    `${BASE}/import`,
    {
      operationId: 'importMaterials',
      access: archive,
      query: targetQuery,
      consumes: ['multipart/form-data'],
      reply: materialImportSchema,
    },
    async (ctx, { query, req }) => {
      const queued = await excel.queueImport(ctx, query.target, await storeWorkbook(req));
      startAfterCommit(ctx, queued.jobId, 'material import');
      return excel.getImport(ctx, queued.importId);
    },
  );

  r.get(
    `${BASE}/imports`,
    { operationId: 'listMaterialImports', access: archive, reply: z.array(materialImportSchema) },
    (ctx) => excel.listImports(ctx),
  );

  r.get(
    `${BASE}/imports/:id`,
    { operationId: 'getMaterialImport', access: archive, params, reply: materialImportSchema },
    (ctx, { params }) => excel.getImport(ctx, params.id),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getMaterial', access: archive, params, reply: materialSchema },
    (ctx, { params }) => materials.getMaterial(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createMaterial', access: archive, body: materialFieldsSchema, reply: materialSchema },
    (ctx, { body }) => materials.createMaterial(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updateMaterial', access: archive, params, body: materialUpdateSchema, reply: materialSchema },
    (ctx, { params, body }) => materials.updateMaterial(ctx, params.id, body),
  );

  r.get(
    `${BASE}/:id/drawings`,
    { operationId: 'listMaterialDrawings', access: archive, params, reply: z.array(materialDrawingSchema) },
    (ctx, { params }) => materials.listMaterialDrawings(ctx, params.id),
  );

  r.post(
    `${BASE}/:id/drawings`,
    {
      operationId: 'publishMaterialDrawing',
      access: archive,
      params,
      body: drawingPublishSchema,
      reply: materialDrawingSchema,
    },
    (ctx, { params, body }) => materials.publishMaterialDrawing(ctx, params.id, body),
  );

  r.get(
    `${BASE}/:id/qualifications`,
    {
      operationId: 'listMaterialQualifications',
      access: archive,
      params,
      reply: z.array(materialQualificationSchema),
    },
    (ctx, { params }) => materials.listMaterialQualifications(ctx, params.id),
  );

  r.get(
    `${BASE}/:id/operations`,
    { operationId: 'listMaterialOperations', access: archive, params, reply: z.array(materialOperationSchema) },
    (ctx, { params }) => materials.listMaterialOperations(ctx, params.id),
  );

  // --- approved suppliers --------------------------------------------------------------------------

  const SUPPLIERS = '/gateway/srm/material-suppliers';

  r.post(
    `${SUPPLIERS}/list`,
    {
      operationId: 'listMaterialSuppliers',
      access: archive,
      body: materialSupplierListSchema,
      reply: pageReplySchema(materialSupplierSchema),
    },
    (ctx, { body }) => approved.listMaterialSuppliers(ctx, body),
  );

  r.get(
    `${SUPPLIERS}/:id`,
    { operationId: 'getMaterialSupplier', access: archive, params, reply: materialSupplierSchema },
    (ctx, { params }) => approved.getMaterialSupplier(ctx, params.id),
  );

  r.post(
    SUPPLIERS,
    {
      operationId: 'createMaterialSupplier',
      access: archive,
      body: materialSupplierCreateSchema,
      reply: materialSupplierSchema,
    },
    (ctx, { body }) => approved.createMaterialSupplier(ctx, body),
  );

  r.put(
    `${SUPPLIERS}/:id`,
    {
      operationId: 'updateMaterialSupplier',
      access: archive,
      params,
      body: materialSupplierUpdateSchema,
      reply: materialSupplierSchema,
    },
    (ctx, { params, body }) => approved.updateMaterialSupplier(ctx, params.id, body),
  );

  r.delete(
    `${SUPPLIERS}/:id`,
    { operationId: 'deleteMaterialSupplier', access: archive, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await approved.deleteMaterialSupplier(ctx, params.id);
      return null;
    },
  );

  // --- material-customer relation (supplier side) ------------------------------------------------------

  const CUSTOMERS = '/gateway/srm/material-customers';

  r.post(
    `${CUSTOMERS}/list`,
    {
      operationId: 'listMaterialCustomers',
      access: sale,
      body: materialCustomerListSchema,
      reply: pageReplySchema(materialCustomerSchema),
    },
    (ctx, { body }) => customers.listMaterialCustomers(ctx, body),
  );

  r.get(
    `${CUSTOMERS}/:id`,
    { operationId: 'getMaterialCustomer', access: sale, params, reply: materialCustomerSchema },
    (ctx, { params }) => customers.getMaterialCustomer(ctx, params.id),
  );

  r.post(
    CUSTOMERS,
    {
      operationId: 'createMaterialCustomer',
      access: sale,
      body: materialCustomerFieldsSchema,
      reply: materialCustomerSchema,
    },
    (ctx, { body }) => customers.createMaterialCustomer(ctx, body),
  );

  r.put(
    `${CUSTOMERS}/:id`,
    {
      operationId: 'updateMaterialCustomer',
      access: sale,
      params,
      body: materialCustomerUpdateSchema,
      reply: materialCustomerSchema,
    },
    (ctx, { params, body }) => customers.updateMaterialCustomer(ctx, params.id, body),
  );

  r.delete(
    `${CUSTOMERS}/:id`,
    { operationId: 'deleteMaterialCustomer', access: sale, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await customers.deleteMaterialCustomer(ctx, params.id);
      return null;
    },
  );
}

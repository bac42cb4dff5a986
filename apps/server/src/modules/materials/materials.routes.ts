import type { Readable } from 'node:stream';
import {
  DEFAULT_LOCALE,
  drawingPublishSchema,
  MATERIAL_IMPORT_TARGETS,
  materialCustomerFieldsSchema,
  materialCustomerListSchema,
  materialCustomerUpdateSchema,
  materialExportQuerySchema,
  materialFieldsSchema,
  materialFilterSchema,
  materialListSchema,
  materialSearchQuerySchema,
  materialSupplierCreateSchema,
  materialSupplierListSchema,
  materialSupplierUpdateSchema,
  materialUpdateSchema,
  organizationIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../platform/context.ts';
import { inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeUpload } from '../../platform/files.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import { DEFAULT_XLSX_LIMITS } from '../../platform/xlsx-import.ts';
import { writeDemoDrawings } from '../../seed/materials.ts';
import * as customers from './material-customers.service.ts';
import * as approved from './material-suppliers.service.ts';
import * as excel from './materials.excel.ts';
import * as exporter from './materials.export.ts';
import { searchMaterials } from './materials.search.ts';
import * as materials from './materials.service.ts';

const idParams = z.object({ id: organizationIdSchema });
const targetQuery = z.object({ target: z.enum(MATERIAL_IMPORT_TARGETS).default('materials') });
const exportBody = materialFilterSchema
  .pick({ keyword: true, classId: true, status: true })
  .extend({ target: z.enum(MATERIAL_IMPORT_TARGETS) });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Members who fill order lines (PO_SYN) read the picker as well as the archive's maintainers. */
const SEARCH_READERS = ['CF_BAS', 'PO_SYN'];
const canSearch = (auth: Auth) => SEARCH_READERS.some((p) => auth.permissions.has(p));

function sendXlsx(reply: FastifyReply, fileName: string, file: Buffer | Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

/**
 * Materials (spec §2 /basicdatasetting/materialfile, CF_BAS), their drawings, approved suppliers and
 * Excel transfer; the picker search; and the supplier's material-customer relation (/sale/prod-customer, SL_CUS).
 */
export function registerMaterialRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['materials'];
  const archive = { access: 'CF_BAS' } as const;
  const sale = { access: 'SL_CUS' } as const;

  excel.registerImportJob(s.jobs, db, s.config.dataDir);
  exporter.registerExportJob(s.jobs, db, s.config.dataDir);
  // The seed runs against the database only; the sample drawings it points at live in the file store.
  if (s.config.seedDemo) writeDemoDrawings(s.config.dataDir);

  // --- materials ---------------------------------------------------------------------------------

  r.post('/gateway/srm/materials/list', { config: archive, schema: { tags, body: materialListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => materials.listMaterials(tx, req.auth!.tenantId!, req.body))),
  );

  r.get(
    '/gateway/srm/materials/search',
    { config: { access: 'member' }, schema: { tags, querystring: materialSearchQuerySchema } },
    async (req) => {
      if (!canSearch(req.auth!)) throw new AppError('FORBIDDEN');
      return ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          searchMaterials(tx, req.auth!.tenantId!, req.query.q, req.query.includeDisabled === 'true'),
        ),
      );
    },
  );

  r.get(
    '/gateway/srm/materials/template',
    { config: archive, schema: { tags, querystring: targetQuery } },
    async (req, reply) =>
      sendXlsx(
        reply,
        `${req.query.target}-template-${new Date().toISOString().slice(0, 10)}.xlsx`,
        await excel.importTemplate(req.query.target, req.locale ?? DEFAULT_LOCALE),
      ),
  );

  r.get(
    '/gateway/srm/materials/export',
    { config: archive, schema: { tags, querystring: materialExportQuerySchema.extend(targetQuery.shape) } },
    async (req, reply) => {
      const { target, keyword, classId, status } = req.query;
      const filter = { keyword, classId, status: status === undefined ? undefined : status === '1' ? 1 : 0 } as const;
      const { file, fileName } = await exporter.exportWorkbook(db, req.auth!, target, filter, req.locale);
      return sendXlsx(reply, fileName, file);
    },
  );

  r.post('/gateway/srm/materials/exports', { config: archive, schema: { tags, body: exportBody } }, async (req) => {
    const { target, ...filter } = req.body;
    const queued = await exporter.queueExport(db, req.auth!, target, filter, req.locale);
    // Start at once rather than at the next poll; the runner's claim keeps it to one run.
    if (queued.jobId) {
      const jobId = queued.jobId;
      setImmediate(() => {
        s.jobs.runDue({ ids: [jobId] }).catch((err: unknown) => req.log.error({ err }, 'material export start failed'));
      });
    }
    return ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        exporter.getExport(tx, req.auth!.tenantId!, queued.exportId, req.locale),
      ),
    );
  });

  r.get('/gateway/srm/materials/exports/:id', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        exporter.getExport(tx, req.auth!.tenantId!, req.params.id, req.locale),
      ),
    ),
  );

  r.get(
    '/gateway/srm/materials/exports/:id/file',
    { config: archive, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { stream, fileName } = await inTenantTx(db, req.auth!.tenantId, (tx) =>
        exporter.openExportFile(tx, s.config.dataDir, req.auth!.tenantId!, req.params.id),
      );
      return sendXlsx(reply, fileName, stream);
    },
  );

  r.post(
    '/gateway/srm/materials/import',
    { config: archive, schema: { tags, querystring: targetQuery, consumes: ['multipart/form-data'] } },
    async (req) => {
      const file = await req.file({ limits: { fileSize: DEFAULT_XLSX_LIMITS.maxFileBytes, files: 1 } });
      if (!file) throw new AppError('VALIDATION_FAILED');
      const stored = await storeUpload(s.config.dataDir, file);
      if (stored.mime !== 'application/zip') throw new AppError('IMPORT_FILE_INVALID');
      const queued = await excel.queueImport(db, req.auth!, req.query.target, stored);
      // Start at once rather than at the next poll; the runner's claim keeps it to one run.
      if (queued.jobId) {
        const jobId = queued.jobId;
        setImmediate(() => {
          s.jobs
            .runDue({ ids: [jobId] })
            .catch((err: unknown) => req.log.error({ err }, 'material import start failed'));
        });
      }
      return ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          excel.getImport(tx, req.auth!.tenantId!, queued.importId, req.locale),
        ),
      );
    },
  );

  r.get('/gateway/srm/materials/imports', { config: archive, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => excel.listImports(tx, req.auth!.tenantId!, req.locale))),
  );

  r.get('/gateway/srm/materials/imports/:id', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        excel.getImport(tx, req.auth!.tenantId!, req.params.id, req.locale),
      ),
    ),
  );

  r.get('/gateway/srm/materials/:id', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => materials.getMaterial(tx, req.auth!.tenantId!, req.params.id))),
  );

  r.post('/gateway/srm/materials', { config: archive, schema: { tags, body: materialFieldsSchema } }, async (req) =>
    ok(await materials.createMaterial(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    '/gateway/srm/materials/:id',
    { config: archive, schema: { tags, params: idParams, body: materialUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          materials.updateMaterial(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.get('/gateway/srm/materials/:id/drawings', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => materials.listDrawings(tx, req.auth!.tenantId!, req.params.id)),
    ),
  );

  r.post(
    '/gateway/srm/materials/:id/drawings',
    { config: archive, schema: { tags, params: idParams, body: drawingPublishSchema } },
    async (req) => ok(await materials.publishDrawing(db, req.auth!, req.params.id, req.body, idempotencyScope(req))),
  );

  r.get(
    '/gateway/srm/materials/:id/qualifications',
    { config: archive, schema: { tags, params: idParams } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          materials.listMaterialQualifications(tx, req.auth!, req.params.id),
        ),
      ),
  );

  r.get('/gateway/srm/materials/:id/operations', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => materials.listMaterialOperations(tx, req.auth!, req.params.id)),
    ),
  );

  // --- approved suppliers --------------------------------------------------------------------------

  r.post(
    '/gateway/srm/material-suppliers/list',
    { config: archive, schema: { tags, body: materialSupplierListSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => approved.listMaterialSuppliers(tx, req.auth!, req.body))),
  );

  r.get('/gateway/srm/material-suppliers/:id', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => approved.getMaterialSupplier(tx, req.auth!, req.params.id))),
  );

  r.post(
    '/gateway/srm/material-suppliers',
    { config: archive, schema: { tags, body: materialSupplierCreateSchema } },
    async (req) => ok(await approved.createMaterialSupplier(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    '/gateway/srm/material-suppliers/:id',
    { config: archive, schema: { tags, params: idParams, body: materialSupplierUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          approved.updateMaterialSupplier(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete(
    '/gateway/srm/material-suppliers/:id',
    { config: archive, schema: { tags, params: idParams } },
    async (req) => {
      await inTenantTx(db, req.auth!.tenantId, (tx) => approved.deleteMaterialSupplier(tx, req.auth!, req.params.id));
      return ok(null);
    },
  );

  // --- material-customer relation (supplier side) ------------------------------------------------------

  r.post(
    '/gateway/srm/material-customers/list',
    { config: sale, schema: { tags, body: materialCustomerListSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          customers.listMaterialCustomers(tx, req.auth!.tenantId!, req.body),
        ),
      ),
  );

  r.get('/gateway/srm/material-customers/:id', { config: sale, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        customers.getMaterialCustomer(tx, req.auth!.tenantId!, req.params.id),
      ),
    ),
  );

  r.post(
    '/gateway/srm/material-customers',
    { config: sale, schema: { tags, body: materialCustomerFieldsSchema } },
    async (req) => ok(await customers.createMaterialCustomer(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    '/gateway/srm/material-customers/:id',
    { config: sale, schema: { tags, params: idParams, body: materialCustomerUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          customers.updateMaterialCustomer(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete('/gateway/srm/material-customers/:id', { config: sale, schema: { tags, params: idParams } }, async (req) => {
    await inTenantTx(db, req.auth!.tenantId, (tx) => customers.deleteMaterialCustomer(tx, req.auth!, req.params.id));
    return ok(null);
  });
}

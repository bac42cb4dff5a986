import {
  CONTRACT_ACTIONS,
  contractActionSchema,
  contractCreatedSchema,
  contractCreateSchema,
  contractDetailSchema,
  contractFromInquirySchema,
  contractListItemSchema,
  contractListSchema,
  contractUpdateSchema,
  pageReplySchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { actOnContract } from './contracts.actions.ts';
import { registerContractJobs } from './contracts.expiry.ts';
import { printContract } from './contracts.pdf.ts';
import { getContract, listContracts } from './contracts.query.ts';
import { createContract, createContractFromInquiry, updateContract } from './contracts.service.ts';

const BASE = '/gateway/srm/contracts';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(CONTRACT_ACTIONS) });

/**
 * Contracts: one resource for both sides. The server decides from the caller's tenant whether a
 * contract is its supplier contract (buyer, PO_CON) or its customer contract (supplier, SL_CON); the
 * routes serving both declare 'member' and the service checks the code of the side, so a step of the
 * wrong side answers its own message (a supplier editing terms, a buyer signing).
 */
export function registerContractRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['contracts'] });
  registerContractJobs(s.jobs, { db: s.database.db, provider: s.provider, log: app.log });
  const eitherSide = 'member';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listContracts',
      access: eitherSide,
      body: contractListSchema,
      reply: pageReplySchema(contractListItemSchema),
    },
    (ctx, { body }) => listContracts(ctx, body),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getContract', access: eitherSide, params, reply: contractDetailSchema },
    (ctx, { params }) => getContract(ctx, params.id),
  );

  r.file(
    'GET',
    `${BASE}/:id/pdf`,
    { operationId: 'printContract', access: eitherSide, params, produces: 'application/pdf' },
    async (ctx, { params }) => ({ ...(await printContract(ctx, params.id)), disposition: 'inline' }),
  );

  r.post(
    BASE,
    { operationId: 'createContract', access: 'PO_CON', body: contractCreateSchema, reply: contractCreatedSchema },
    (ctx, { body }) => createContract(ctx, body),
  );

  r.post(
    `${BASE}/from-inquiry`,
    {
      operationId: 'createContractFromInquiry',
      access: 'PO_CON',
      body: contractFromInquirySchema,
      reply: contractCreatedSchema,
    },
    (ctx, { body }) => createContractFromInquiry(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    {
      operationId: 'updateContract',
      access: eitherSide,
      params,
      body: contractUpdateSchema,
      reply: contractDetailSchema,
    },
    async (ctx, { params, body }) => {
      await updateContract(ctx, params.id, body);
      return getContract(ctx, params.id);
    },
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnContract',
      access: eitherSide,
      params: actionParams,
      body: contractActionSchema,
      reply: contractDetailSchema,
    },
    (ctx, { params, body }) => actOnContract(ctx, params.id, params.action, body),
  );
}

import type { AddressInfo } from 'node:net';
import { MASK, text } from '@concord/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { notifyUsers } from '../../src/modules/messages/messages.service.ts';
import { inTenantTx } from '../../src/platform/context.ts';
import { maskForViewer } from '../../src/platform/masking.ts';
import {
  bearer,
  createSecurityFixture,
  leaksPrice,
  PRICE,
  readable,
  type SecurityFixture,
  SWEEP_EXCLUDED,
  send,
  setClerkPosition,
} from './fixture.ts';
import { type Operation, requestsFor } from './openapi.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

let f: SecurityFixture;
beforeAll(async () => {
  f = await createSecurityFixture();
  // Every permission code and every document, but no view price: the widest reader the flag must stop.
  await setClerkPosition(f, { showPrice: false });
});
afterAll(() => f.close());

const key = (op: Operation) => `${op.method} ${op.path}`;
const isRead = (op: Operation) => op.method === 'GET' || (op.method === 'POST' && /\/(list|export)$/.test(op.path));
const LIST = { pageParam: { pageNum: 1, pageSize: 100 } };

/** Every response a token can get from the read routes of the OpenAPI document, ids of A filled in. */
async function capture(token: string): Promise<{ label: string; res: LightMyRequestResponse }[]> {
  const out: { label: string; res: LightMyRequestResponse }[] = [];
  for (const op of f.operations.filter((o) => isRead(o) && !SWEEP_EXCLUDED.has(key(o)))) {
    const ids = op.pathParams.length ? f.idsOfA : [f.missingId];
    const orders = op.method === 'POST' ? [undefined, [{ fieldName: 'price', asc: false }]] : [undefined];
    for (const id of ids) {
      for (const orderParam of orders) {
        const overrides = op.method === 'POST' ? { body: orderParam ? { ...LIST, orderParam } : LIST } : {};
        for (const req of requestsFor(op, id, overrides)) {
          out.push({ label: `${req.method} ${req.url}`, res: await send(f.app, req, bearer(token)) });
        }
      }
    }
  }
  return out;
}

describe('T-06 a position without view price', () => {
  it('finds the price sentinel in no response of any read route, list or export', async () => {
    const captured = await capture(f.a.clerk.token);
    const ok = captured.filter((c) => c.res.statusCode === 200);
    expect(ok.length).toBeGreaterThan(30);
    const leaks = captured.filter((c) => leaksPrice(readable(c.res))).map((c) => c.label);
    expect(leaks).toEqual([]);
    // The fixture document itself was read, masked: the sweep reached the price, it did not miss it.
    const detail = captured.find((c) => c.label === `GET /gateway/test/priced-docs/${f.docs.clerkDoc}`);
    expect(detail?.res.json().data).toMatchObject({ unitPrice: MASK, amount: MASK, supName: 'ZQX-SENTINEL' });
    const logs = captured.find((c) => c.label === 'POST /gateway/srm/operation-logs/list');
    expect(logs?.res.json().data.dataList.map((l: { summary: string }) => l.summary)).toContain(
      'Changed material M-SENT: unitPrice: *** → ***; supName: Old → ZQX-SENTINEL',
    );
    const exported = captured.find((c) => c.label === 'POST /gateway/srm/operation-logs/export');
    expect(exported?.res.statusCode).toBe(200);
    expect(readable(exported!.res)).toContain('unitPrice: *** → ***');
  });

  it('is not vacuous: the administrator sweeping the same routes does see the price', async () => {
    const captured = await capture(f.a.token);
    const seen = captured.filter((c) => leaksPrice(readable(c.res))).map((c) => c.label);
    expect(seen).toEqual(
      expect.arrayContaining([
        `GET /gateway/test/priced-docs/${f.docs.clerkDoc}`,
        'POST /gateway/test/priced-docs/list',
        'POST /gateway/srm/operation-logs/list',
        'POST /gateway/srm/operation-logs/export',
      ]),
    );
  });

  it('masks prices carried in error replies', async () => {
    const res = await f.a.clerk.caller.post(`/gateway/test/priced-docs/${f.docs.clerkDoc}/conflict`);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.current).toMatchObject({ unitPrice: MASK, amount: MASK });
    expect(leaksPrice(res.body)).toBe(false);
    const admin = await f.a.caller.post(`/gateway/test/priced-docs/${f.docs.clerkDoc}/conflict`);
    expect(admin.json().data.current.unitPrice).toBe(PRICE);
  });

  it('ignores sorting and filtering on a price field', async () => {
    const list = (caller: typeof f.a.caller, body: object) =>
      caller
        .post('/gateway/test/priced-docs/list', { ...LIST, ...body })
        .then((r) => r.json().data.dataList.map((d: { id: string }) => d.id));
    const byPriceAsc = { orderParam: [{ fieldName: 'price', asc: true }] };
    const defaultOrder = await list(f.a.clerk.caller, {});
    expect(defaultOrder.length).toBe(3);
    expect(await list(f.a.clerk.caller, byPriceAsc)).toEqual(defaultOrder);
    expect(await list(f.a.clerk.caller, { orderParam: [{ fieldName: 'unitPrice', asc: true }] })).toEqual(defaultOrder);
    expect(await list(f.a.clerk.caller, { filter: { price: 12.5 } })).toEqual(defaultOrder);
    // The same requests work for a reader who may see prices, so the sameness above is the masking.
    expect((await list(f.a.caller, byPriceAsc))[0]).toBe(f.docs.clerkCheapDoc);
    expect(await list(f.a.caller, { filter: { price: 12.5 } })).toEqual([f.docs.clerkCheapDoc]);
    expect(defaultOrder[0]).not.toBe(f.docs.clerkCheapDoc);
  });

  it('masks websocket pushes like responses', async () => {
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.app.server.address() as AddressInfo;
    const url = `ws://127.0.0.1:${port}/gateway/admin/ws/info?access_token=${f.a.clerk.token}`;
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    try {
      const pushed = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));
      await inTenantTx(f.t.database.db, f.a.tenantId, (tx) =>
        notifyUsers(tx, {
          tenantId: f.a.tenantId,
          userIds: [f.a.clerk.userId],
          kind: 'order',
          title: text('purchaseOrders.partyStep', {
            party: 'Acme',
            step: text('purchaseOrders.step.confirm', { orderNo: 'PO-1' }),
          }),
          content: text('purchaseOrders.answered', { orderNo: 'PO-1', count: 1, confirmed: 1, proposed: 0 }),
        }),
      );
      const push = await pushed;
      expect(JSON.parse(push)).toMatchObject({ type: 'message', title: expect.stringMatching(/^Acme .*PO-1/) });
      expect(leaksPrice(push)).toBe(false);
    } finally {
      ws.close();
    }
    // The hub sends every push through this function with the connection's flags.
    const masked = maskForViewer(
      { type: 'message', unitPrice: PRICE, lines: [{ amount: PRICE }] },
      {
        showPrice: false,
        showSupplier: true,
      },
    );
    expect(leaksPrice(JSON.stringify(masked))).toBe(false);
  });
});

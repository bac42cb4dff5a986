import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Issue 14 items 2 and 13: what every reply says to the browser. A plain-HTTP install gets no
 * `upgrade-insecure-requests` and no HSTS (a LAN name would otherwise turn into a white page), an https
 * one gets both; every API reply, errors included, tells caches not to keep it.
 */

let plain: TestContext;
let https: TestContext;
beforeAll(async () => {
  plain = await createTestContext({ env: { PUBLIC_URL: 'http://server:8080' } });
  https = await createTestContext({ env: { PUBLIC_URL: 'https://srm.example.com' } });
});
afterAll(async () => {
  await plain?.close();
  await https?.close();
});

const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');

describe('transport security follows PUBLIC_URL', () => {
  it('plain http: neither upgrade-insecure-requests nor HSTS, the rest of the policy unchanged', async () => {
    for (const url of ['/gateway/health', '/login', '/assets/index.js']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(csp(res.headers), url).toContain("default-src 'self'");
      expect(csp(res.headers), url).toContain("script-src 'self'");
      expect(csp(res.headers), url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('https: both', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/gateway/health' });
    expect(csp(res.headers)).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('Cache-Control: no-store on every API reply', () => {
  it('on answers, errors, 404s and downloads', async () => {
    const token = await login(plain.app, 'buyer');
    const buyer = as(plain.app, token);
    const upload = await plain.app.inject({
      method: 'POST',
      url: '/gateway/system/oss/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=----b',
      },
      payload: [
        '------b',
        'Content-Disposition: form-data; name="file"; filename="note.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4\n%%EOF',
        '------b--',
        '',
      ].join('\r\n'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const replies = {
      health: await as(plain.app).get('/gateway/health'),
      signedIn: await buyer.get('/gateway/admin/user/info'),
      unauthorized: await as(plain.app).get('/gateway/admin/user/info'),
      missingRoute: await as(plain.app).get('/gateway/no/such/route'),
      invalid: await as(plain.app).post('/gateway/admin/sysuserinfo/userRegister', { username: 'x' }),
      missingFile: await buyer.get('/gateway/system/oss/file/0000000000000000'),
      download: await buyer.get(upload.json().data.url),
      docs: await as(plain.app).get('/gateway/docs/json'),
    };
    expect(replies.signedIn.statusCode).toBe(200);
    expect(replies.unauthorized.statusCode).toBe(401);
    expect(replies.missingRoute.statusCode).toBe(404);
    expect(replies.invalid.statusCode).toBe(400);
    expect(replies.download.statusCode).toBe(200);
    for (const [name, res] of Object.entries(replies)) expect(res.headers['cache-control'], name).toBe('no-store');
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await login(t.app, 'buyer');
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grey-scale PNG of the given size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte of each row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(content: Buffer, filename: string, auth = true) {
  const boundary = '----concord-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/gateway/system/oss/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** Everything under DATA_DIR/files, temp files included. */
function storedFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'files');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('uploads', () => {
  it('stores a small PNG under an unguessable key and serves it as an attachment', async () => {
    const image = png(16, 16);
    const res = await upload(image, 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    const { url, name } = res.json().data;
    expect(name).toBe('logo.png');
    expect(url).toMatch(/^\/gateway\/system\/oss\/file\/[0-9a-f]{32}\.png$/);

    const download = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(image)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses an anonymous upload', async () => {
    expect((await upload(png(4, 4), 'a.png', false)).statusCode).toBe(401);
  });

  it('types files by their bytes: a text file named .png is 415 and not kept', async () => {
    const before = storedFiles();
    const res = await upload(Buffer.from('just some text, not an image'), 'fake.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().errorCode).toBe('UNSUPPORTED_FILE');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses more than 1 MB with 413 and leaves nothing behind (R-07, I-08)', async () => {
    const before = storedFiles();
    const big = Buffer.concat([png(8, 8), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles()).toEqual(before);
  });

  it('keeps nothing from an upload whose body ends half way (R-07)', async () => {
    const before = storedFiles();
    const boundary = '----concord-cut';
    const res = await t.app.inject({
      method: 'POST',
      url: '/gateway/system/oss/upload',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\n\r\n`),
        png(16, 16).subarray(0, 40),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image wider than 1000 px with 413', async () => {
    const before = storedFiles();
    const res = await upload(png(2000, 10), 'wide.png');
    expect(res.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 404 to path traversal and unknown keys (I-09)', async () => {
    const get = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/gateway/system/oss/file/${key}`,
        headers: { authorization: `Bearer ${token}` },
      });
    for (const key of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fpglite',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `${'0'.repeat(32)}.png`,
      `tmp%2F${'0'.repeat(32)}`,
    ]) {
      const res = await get(key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().errorCode, key).toBe('NOT_FOUND');
    }
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    const ok = await fetch(`${base}/gateway/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, signal: null });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown (R-10)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-shutdown-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests on SIGTERM and exits 0 within 10 s', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _db, ...env } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    // The first start migrates and seeds the demo world on the embedded database: slow on small machines.
    await waitForHealth(base, child, 120_000);

    const login = await fetch(`${base}/gateway/auth/oauth/token?grant_type=password&scope=server`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'buyer', password: DEMO_PASSWORD, isPhone: 'false' }),
    });
    expect(login.status).toBe(200);
    const token = (await login.json()).access_token as string;

    // An upload whose body is still arriving when SIGTERM comes: it is certainly in flight.
    const boundary = 'concord-shutdown';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const tail = `${'x'.repeat(2000)}\r\n--${boundary}--\r\n`;
    let finishBody!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        finishBody = () => {
          controller.enqueue(new TextEncoder().encode(tail));
          controller.close();
        };
      },
    });
    const uploading = fetch(`${base}/gateway/system/oss/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const reads = Array.from({ length: 5 }, () =>
      fetch(`${base}/gateway/admin/message/myMsg`, { headers: { authorization: `Bearer ${token}` } }),
    );
    await sleep(500);

    const exit = exited(child);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await sleep(300);
    finishBody();

    const upload = await uploading;
    expect(upload.status, stderr).toBe(200);
    expect((await upload.json()).data.url).toMatch(/\.pdf$/);
    for (const res of await Promise.all(reads)) expect(res.status).toBe(200);

    const { code } = await exit;
    expect(code, stderr).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 180_000);
});

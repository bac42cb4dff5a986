import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';

/** What an upload may be, decided by its first bytes, never by its name or declared type. */
const SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'pdf', mime: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    ext: 'zip',
    mime: 'application/zip',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
];

export const MAX_IMAGE_SIDE = 1000;

export function sniff(head: Buffer) {
  return SIGNATURES.find((s) => s.test(head));
}

/** Width and height from a PNG IHDR or a JPEG SOFn marker. */
export function imageSize(buf: Buffer, ext: string): { width: number; height: number } | null {
  if (ext === 'png' && buf.length >= 24) return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (ext === 'jpg') {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1];
      const length = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/**
 * Keys are unguessable, 128 random bits, not the time-ordered id that would let one tenant enumerate
 * another's uploads (QUALITY T-01); who may read a file is decided by its `files` row all the same
 * (`file-documents.ts`), so a key that leaked gives nobody else the file.
 */
const newFileKey = () => randomBytes(16).toString('hex');
export const STORED_KEY = /^[0-9a-f]{32}\.(png|jpg|pdf|zip)$/;

/** Where a document links an upload: the download route, followed by the key. */
export const FILE_URL_PREFIX = '/gateway/system/oss/file/';
const LINKED_KEY = /\/gateway\/system\/oss\/file\/([0-9a-f]{32}\.(?:png|jpg|pdf|zip))(?![0-9A-Za-z])/g;

/**
 * The upload keys a document's field links to, found in its text: a file reference, a list of them,
 * rich-text HTML or a bare URL, given as stored or as the JSON of any value holding them.
 */
export function fileKeysIn(...values: unknown[]): string[] {
  const keys = new Set<string>();
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    for (const match of text.matchAll(LINKED_KEY)) keys.add(match[1]!);
  }
  return [...keys];
}

export interface StoredFile {
  key: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * A cut-off or malformed body is the client's fault (400) and an over-size one 413; a file-system
 * error (it carries a syscall) is ours and stays a 500.
 */
function uploadFailure(err: unknown): unknown {
  const e = err as { code?: string; syscall?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (e.syscall) return err;
  return new AppError('VALIDATION_FAILED');
}

/**
 * Streams an upload to a temp file, checks its type by magic bytes (and pixel size for images), then
 * moves it under a server-made key. Any failure or abort removes the temp file (QUALITY R-07, I-08/I-09).
 */
export async function storeUpload(
  root: string,
  file: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<StoredFile> {
  const dir = path.join(root, 'files');
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  const temp = path.join(dir, 'tmp', newFileKey());
  try {
    const head: Buffer[] = [];
    let headLength = 0;
    file.file.on('data', (chunk: Buffer) => {
      if (headLength < 64 * 1024) {
        head.push(chunk);
        headLength += chunk.length;
      }
    });
    await pipeline(file.file, createWriteStream(temp)).catch((err: unknown) => {
      throw uploadFailure(err);
    });
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    const first = Buffer.concat(head);
    const kind = sniff(first);
    if (!kind) throw new AppError('UNSUPPORTED_FILE');
    if (kind.mime.startsWith('image/')) {
      const size = imageSize(first, kind.ext);
      if (!size || size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) throw new AppError('PAYLOAD_TOO_LARGE');
    }
    const key = `${newFileKey()}.${kind.ext}`;
    await rename(temp, path.join(dir, key));
    const { size } = await stat(path.join(dir, key));
    return { key, name: path.basename(file.filename).slice(0, 200), mime: kind.mime, size };
  } finally {
    await rm(temp, { force: true });
  }
}

export function openStoredFile(root: string, key: string) {
  if (!STORED_KEY.test(key)) throw new AppError('NOT_FOUND');
  const full = path.join(root, 'files', key);
  return stat(full)
    .then(() => ({ stream: createReadStream(full), mime: SIGNATURES.find((s) => key.endsWith(`.${s.ext}`))!.mime }))
    .catch(() => {
      throw new AppError('NOT_FOUND');
    });
}

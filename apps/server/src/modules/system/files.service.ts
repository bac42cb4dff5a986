import type { UploadedFile } from '@concord/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { readableFile, recordUpload } from '../../platform/file-documents.ts';
import { FILE_URL_PREFIX, openStoredFile, storeUpload } from '../../platform/files.ts';
import type { SignedInContext } from '../../platform/route.ts';

/** Stores an upload; until a document saves its url, only the uploader reads it. */
export async function uploadFile(ctx: SignedInContext, root: string, file: MultipartFile): Promise<UploadedFile> {
  const stored = await storeUpload(root, file);
  await recordUpload(ctx.db, stored, ctx.auth);
  return { url: `${FILE_URL_PREFIX}${stored.key}`, name: stored.name, size: stored.size };
}

/** Another enterprise's file answers exactly as a missing one (QUALITY T-10). */
export async function openFile(db: Db, root: string, userId: string, key: string) {
  if (!(await readableFile(db, key, userId))) throw new AppError('NOT_FOUND');
  return openStoredFile(root, key);
}

import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { unreferencedFiles } from '../src/platform/file-documents.ts';

/**
 * Lists the stored files that no document, import or export links and that are older than a day, one
 * path a line, for an operator to review and delete; it deletes nothing. Reads DATA_DIR and
 * DATABASE_URL as the server does; with the embedded database, stop the server first (one process
 * opens it at a time).
 *
 *   node --import tsx apps/server/scripts/unreferenced-files.ts
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const keys = await unreferencedFiles(database.db, config.dataDir);
  for (const key of keys) console.log(path.join(config.dataDir, 'files', key));
  console.error(`${keys.length} stored file(s) linked by no document, import or export`);
} finally {
  await database.close();
}

import { validation } from '../../platform/errors.js';
import { hasZipSignature } from '../../platform/zip-guard.js';
import { type CatalogRead, readCatalogCsv } from './bulk-catalog.rows.js';
import { readCatalogWorkbook } from './bulk-catalog.xlsx.js';

/**
 * An upload read by what it is, not by its name or declared type: a zip's signature is a workbook (checked as one),
 * anything else must be CSV text.
 */
export async function readCatalogUpload(bytes: Buffer): Promise<CatalogRead> {
  const read = hasZipSignature(bytes) ? await readCatalogWorkbook(bytes) : readCatalogCsv(bytes);
  // A file that is not a readable catalogue at all is the request's fault: 422, whether dry run or apply.
  if (read.refused) throw validation('file', read.problems[0]?.message ?? 'The file could not be read');
  return read;
}

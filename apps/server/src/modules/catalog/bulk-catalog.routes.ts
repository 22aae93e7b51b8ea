import { bulkCatalogEndpoints as api } from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvLines } from '../../platform/csv.js';
import { validation } from '../../platform/errors.js';
import { sendCsv } from '../../platform/http/csv-reply.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { catalogCsv, enumeratedLists } from './bulk-catalog.files.js';
import type { BulkCatalogService, CatalogUpload } from './bulk-catalog.service.js';
import { writeCatalogWorkbook, XLSX_TYPE } from './bulk-catalog.xlsx.js';
import { IMAGE_ZIP_MAX_BYTES } from './bulk-catalog.zip-images.js';

function sendWorkbook(reply: FastifyReply, filename: string, workbook: Buffer) {
  return reply
    .code(200)
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(workbook);
}

/**
 * The uploaded sheet (field `file`) and, beside it, an optional zip of images named by SKU (field `images`). The
 * zip may be larger than one image, so this request raises the multipart limits for itself; each part's own
 * limit is checked by the service (2 MB sheet, 40 MB zip, 8 MB an image).
 */
async function readUpload(request: FastifyRequest): Promise<CatalogUpload> {
  if (!request.isMultipart()) throw validation('file', 'Send the file as multipart/form-data');
  let sheet: Buffer | undefined;
  let images: Buffer | undefined;
  for await (const part of request.parts({ limits: { files: 2, fileSize: IMAGE_ZIP_MAX_BYTES } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'file' && !sheet) sheet = await part.toBuffer();
    else if (part.fieldname === 'images' && !images) images = await part.toBuffer();
    else
      throw validation(part.fieldname, 'Attach the sheet in "file" and, if any, the images zip in "images"');
  }
  if (!sheet) throw validation('file', 'Attach the CSV or Excel file in the "file" field');
  return { sheet, images };
}

export function bulkCatalogRoutes(bulk: BulkCatalogService): RouteDefinition[] {
  return [
    route(api.template, async ({ query, reply }) =>
      sendCsv(reply, 'catalogue-template.csv', catalogCsv((await bulk.templateContent(query.category)).rows)),
    ),
    route(api.templateXlsx, async ({ query, reply }) => {
      const { rows, allowed } = await bulk.templateContent(query.category);
      return sendWorkbook(
        reply,
        'catalogue-template.xlsx',
        await writeCatalogWorkbook({ rows, allowed, lists: enumeratedLists }),
      );
    }),
    route(api.allowedValues, async ({ reply }) =>
      sendCsv(reply, 'catalogue-allowed-values.csv', csvLines((await bulk.templateContent()).allowed)),
    ),
    route(api.export, async ({ auth, reply }) =>
      sendCsv(reply, 'catalogue.csv', catalogCsv(await bulk.exportRows(auth))),
    ),
    route(api.exportXlsx, async ({ auth, reply }) => {
      const [rows, { allowed }] = await Promise.all([bulk.exportRows(auth), bulk.templateContent()]);
      return sendWorkbook(
        reply,
        'catalogue.xlsx',
        await writeCatalogWorkbook({ rows, allowed, lists: enumeratedLists }),
      );
    }),
    route(api.preview, async ({ auth, request }) => {
      const summary = await bulk.preview(auth, await readUpload(request));
      return {
        message:
          summary.problemCount === 0
            ? 'The file is ready to apply'
            : `The file has ${summary.problemCount} problem${summary.problemCount === 1 ? '' : 's'} to fix`,
        data: summary,
      };
    }),
    route(api.apply, async ({ auth, request }) => ({
      message: 'The file is being applied',
      data: await bulk.apply(auth, await readUpload(request)),
    })),
    route(api.imports, async ({ auth }) => ({
      message: 'Your catalogue imports',
      data: await bulk.imports(auth),
    })),
    route(api.importById, async ({ auth, params }) => ({
      message: 'Catalogue import',
      data: await bulk.importById(auth, params.id),
    })),
  ];
}

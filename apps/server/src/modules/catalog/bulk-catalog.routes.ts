import { bulkCatalogEndpoints as api } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { validation } from '../../platform/errors.js';
import { sendCsv } from '../../platform/http/csv-reply.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { BulkCatalogService } from './bulk-catalog.service.js';

/** The uploaded CSV's bytes (the multipart limits of app.ts cap its size before the service's own limit). */
async function readCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validation('file', 'Send the file as multipart/form-data');
  const file = await request.file();
  if (file?.fieldname !== 'file') throw validation('file', 'Attach the CSV file in the "file" field');
  return file.toBuffer();
}

export function bulkCatalogRoutes(bulk: BulkCatalogService): RouteDefinition[] {
  return [
    route(api.template, async ({ reply }) =>
      sendCsv(reply, 'catalogue-template.csv', await bulk.templateCsv()),
    ),
    route(api.allowedValues, async ({ reply }) =>
      sendCsv(reply, 'catalogue-allowed-values.csv', await bulk.allowedValuesCsv()),
    ),
    route(api.export, async ({ auth, reply }) => sendCsv(reply, 'catalogue.csv', await bulk.exportCsv(auth))),
    route(api.preview, async ({ auth, request }) => {
      const summary = await bulk.preview(auth, await readCsv(request));
      return {
        message:
          summary.problemCount === 0
            ? 'The file is ready to apply'
            : `The file has ${summary.problemCount} problem${summary.problemCount === 1 ? '' : 's'} to fix`,
        data: summary,
      };
    }),
    route(api.apply, async ({ auth, request }) => ({
      message: 'Catalogue updated',
      data: await bulk.apply(auth, await readCsv(request)),
    })),
  ];
}

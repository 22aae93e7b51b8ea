import { type ParcelLabel, parcelLabelEndpoints } from '@market/contracts';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { callerOf } from './fulfilment.routes.js';
import type { FulfilmentService } from './fulfilment.service.js';
import { type LabelForPdf, parcelLabelsPdf } from './parcel-labels.pdf.js';
import { parcelLink } from './parcel-reference.js';

/** Labels for several orders: each order the caller cannot label is listed with the reason, the rest printed. */
export function parcelLabelRoutes(deps: Deps, fulfilment: FulfilmentService): RouteDefinition[] {
  async function labelsOf(caller: ReturnType<typeof callerOf>, orderIds: string[]) {
    const labels: LabelForPdf[] = [];
    const refused: { orderId: string; message: string }[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const { reference, ...label } = await fulfilment.parcelLabel(orderId, caller);
        labels.push({
          ...label,
          parcelReference: reference,
          scanLink: parcelLink(deps.config.publicUrl, reference),
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        refused.push({ orderId, message: error.message });
      }
    }
    return { labels, refused };
  }

  return [
    route(parcelLabelEndpoints.labels, async ({ auth, body }) => {
      const { labels, refused } = await labelsOf(callerOf(auth), body.orderIds);
      const printed: ParcelLabel[] = [];
      for (const { scanLink, ...label } of labels) {
        // Medium error correction survives a scuffed corner of the label; SVG prints sharp at any size.
        const qrSvg = await QRCode.toString(scanLink, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
        printed.push({ ...label, qrSvg });
      }
      return {
        message: `${printed.length} label${printed.length === 1 ? '' : 's'} ready to print`,
        data: { labels: printed, refused },
      };
    }),
    route(parcelLabelEndpoints.labelsPdf, async ({ auth, body, reply }) => {
      const { labels, refused } = await labelsOf(callerOf(auth), body.orderIds);
      if (labels.length === 0) throw notFound('None of these orders can be labelled');
      const pdf = await parcelLabelsPdf(labels, refused, deps.now());
      return reply
        .code(200)
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="parcel-labels.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    }),
    route(parcelLabelEndpoints.scan, async ({ auth, body }) => ({
      message: 'Parcel found',
      data: await fulfilment.scannedParcel(body.parcel, callerOf(auth)),
    })),
  ];
}

import { type ParcelLabel, parcelLabelEndpoints } from '@market/contracts';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import { callerOf } from './fulfilment.routes.js';
import type { FulfilmentService } from './fulfilment.service.js';
import { parcelLink } from './parcel-reference.js';

/** Labels for several orders: each order the caller cannot label is listed with the reason, the rest printed. */
export function parcelLabelRoutes(deps: Deps, fulfilment: FulfilmentService): RouteDefinition[] {
  return [
    route(parcelLabelEndpoints.labels, async ({ auth, body }) => {
      const caller = callerOf(auth);
      const labels: ParcelLabel[] = [];
      const refused: { orderId: string; message: string }[] = [];
      for (const orderId of new Set(body.orderIds)) {
        try {
          const { reference, ...label } = await fulfilment.parcelLabel(orderId, caller);
          // Medium error correction survives a scuffed corner of the label; SVG prints sharp at any size.
          const qrSvg = await QRCode.toString(parcelLink(deps.config.publicUrl, reference), {
            type: 'svg',
            errorCorrectionLevel: 'M',
            margin: 1,
          });
          labels.push({ ...label, parcelReference: reference, qrSvg });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          refused.push({ orderId, message: error.message });
        }
      }
      return {
        message: `${labels.length} label${labels.length === 1 ? '' : 's'} ready to print`,
        data: { labels, refused },
      };
    }),
    route(parcelLabelEndpoints.scan, async ({ auth, body }) => ({
      message: 'Parcel found',
      data: await fulfilment.scannedParcel(body.parcel, callerOf(auth)),
    })),
  ];
}

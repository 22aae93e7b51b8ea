import { fulfilmentEndpoints, shippingEvidenceStatuses } from '@market/contracts';
import { urlOf } from './contract-requests.js';
import { multipartForm, pngBytes } from './store-factory.js';
import { bearer, type TestApp } from './test-app.js';

/**
 * One move of an order along the fulfilment chain, as the web sends it: moves that need shipping evidence (picked
 * up, delivery failed) go as multipart with a real PNG, the others as JSON.
 */
export async function moveOrder(
  test: TestApp,
  orderId: string,
  token: string,
  body: Record<string, unknown>,
) {
  const url = urlOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } });
  if (!(shippingEvidenceStatuses as readonly unknown[]).includes(body.status)) {
    return test.app.inject({ method: 'PATCH', url, headers: bearer(token), payload: body });
  }
  const form = multipartForm(
    Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])),
    { field: 'evidence', filename: 'parcel.png', contentType: 'image/png', bytes: await pngBytes() },
  );
  return test.app.inject({
    method: 'PATCH',
    url,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

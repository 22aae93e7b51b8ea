import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { addressesRoutes } from './addresses.routes.js';
import { type AddressesService, createAddressesService } from './addresses.service.js';

export {
  type AddressesService,
  checkoutAddressesPart,
  defaultAddress,
  findCustomerAddress,
  toShippingAddress,
} from './addresses.service.js';
export { addressesForExport, eraseAddresses } from './personal-data.js';

/** A customer's delivery addresses. */
export function createAddressesModule(deps: Deps): ServerModule<AddressesService> {
  const service = createAddressesService(deps);
  return { service, routes: addressesRoutes(service) };
}

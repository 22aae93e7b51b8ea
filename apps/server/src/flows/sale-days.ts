import { applySaleDays } from '../modules/catalog/index.js';
import type { WishlistService } from '../modules/wishlist/index.js';
import { CATALOG_CHANGED } from '../platform/changes/index.js';
import type { Deps } from '../platform/deps.js';

// Flow: a sale's first and last Lagos day come with nobody's edit (issue 35, ADR 095). The catalogue's price column
// moves for the products whose day has come; cached listings and totals are dropped (the catalogue changed); and the
// customers who saved a product whose sale just started are told of the drop, once per customer, product and sale
// (the wishlist's event key names the sale). A sale whose days were moved away is no longer due and tells nothing.

export interface SaleDaysRun {
  started: number;
  ended: number;
  told: number;
}

export async function moveSaleDays(
  deps: Deps,
  wishlist: Pick<WishlistService, 'sendNotices'>,
): Promise<SaleDaysRun> {
  const changes = await applySaleDays(deps.db, deps.now());
  if (changes.started.length + changes.ended.length > 0) await deps.changes.publish(CATALOG_CHANGED);
  const told = await wishlist.sendNotices(changes.started);
  return { started: changes.started.length, ended: changes.ended.length, told };
}

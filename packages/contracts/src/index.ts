export * from './auth.js';
export * from './catalog.js';
export * from './common.js';
export * from './endpoint.js';
export * from './envelope.js';
export * from './money.js';
export * from './nigeria.js';
export * from './permissions.js';
export * from './stores.js';
export * from './system.js';

import { adminManagementEndpoints, authEndpoints } from './auth.js';
import {
  categoryEndpoints,
  customerProductEndpoints,
  featuredCollectionEndpoints,
  productAdminEndpoints,
  productEndpoints,
} from './catalog.js';
import type { Endpoint } from './endpoint.js';
import {
  merchantDirectoryEndpoints,
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
} from './stores.js';
import { systemEndpoints } from './system.js';

/** Every endpoint of every surface; the server must register each one (a test checks both ways). */
export function allEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const visit = (value: unknown) => {
    if (value && typeof value === 'object') {
      if ('method' in value && 'path' in value && 'surface' in value) found.push(value as Endpoint);
      else for (const child of Object.values(value)) visit(child);
    }
  };
  visit({
    authEndpoints,
    adminManagementEndpoints,
    systemEndpoints,
    onboardingEndpoints,
    storeProfileEndpoints,
    storeFollowEndpoints,
    merchantDirectoryEndpoints,
    storeAdminEndpoints,
    categoryEndpoints,
    productEndpoints,
    productAdminEndpoints,
    customerProductEndpoints,
    featuredCollectionEndpoints,
  });
  return found;
}

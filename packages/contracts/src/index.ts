export * from './auth.js';
export * from './common.js';
export * from './endpoint.js';
export * from './envelope.js';
export * from './permissions.js';
export * from './system.js';

import { adminManagementEndpoints, authEndpoints } from './auth.js';
import type { Endpoint } from './endpoint.js';
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
  visit({ authEndpoints, adminManagementEndpoints, systemEndpoints });
  return found;
}

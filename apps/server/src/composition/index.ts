import type { Surface } from '@market/contracts';
import type { ServerModule } from '../platform/http/module.js';
import { flows } from './flows.js';
import { createWiring, type Wiring } from './registry.js';
import { surfaces } from './surfaces.js';

export interface Composition {
  /** What each surface mounts, built from `surfaces.ts`. */
  bySurface: Record<Surface, ServerModule[]>;
  /** Every module of any surface, once. */
  all: ServerModule[];
  /** Any entry (module or shared part), built once: buildApp reads the services it mounts or times from here. */
  use: Wiring['use'];
}

/**
 * Every module of every surface, built once from the platform's deps, each handed what it needs of the others by
 * its wiring file (`composition/modules/`); then the flows that listen are joined (`flows.ts`).
 */
export function compose(parts: Omit<Wiring, 'use'>): Composition {
  const wiring = createWiring(parts);
  const bySurface = Object.fromEntries(
    Object.entries(surfaces).map(([surface, entries]) => [
      surface,
      entries.map((entry) => wiring.use(entry)),
    ]),
  ) as Record<Surface, ServerModule[]>;
  for (const join of flows) join(wiring);
  const all = [...new Set(Object.values(bySurface).flat())];
  for (const [entry, built] of wiring.built()) {
    for (const definition of (built as Partial<ServerModule>).routes ?? []) {
      if (!bySurface[definition.endpoint.surface].includes(built as ServerModule))
        throw new Error(
          `${definition.endpoint.path} (${entry.name}) is on the ${definition.endpoint.surface} surface, whose list lacks its module`,
        );
    }
  }
  return { bySurface, all, use: wiring.use };
}

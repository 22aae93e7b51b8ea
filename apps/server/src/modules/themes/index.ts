import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { themesRoutes } from './themes.routes.js';
import { createThemesService, type ThemesService } from './themes.service.js';

export { storeThemePublished } from './themes.repository.js';
export type { ThemeStore } from './themes.rules.js';
export type { ThemesService } from './themes.service.js';

/**
 * The themes service (issue 10, ADR 020): the catalogue, each store's themes and their draft customisation,
 * published versions with rollback, preview links and the public read storefronts render with.
 */
export function createThemesModule(deps: Deps): ServerModule<ThemesService> {
  const service = createThemesService(deps);
  return { service, routes: themesRoutes(service) };
}

import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { catalogue, list, previewImage, purchase } from './themes.catalogue.js';
import { activeTheme, type ThemesContext } from './themes.context.js';
import {
  addTestimonial,
  customization,
  deleteTestimonial,
  saveBody,
  saveColor,
  saveHeader,
  saveSocial,
  testimonials,
} from './themes.drafts.js';
import { activate, publish, rollback, versions } from './themes.publishing.js';
import { createPreviewLink, preview, storefront } from './themes.storefront.js';

/**
 * The themes service. Named functions of a `ThemesContext` (ADR 091, 102) in files by concern: the steps they
 * share (`themes.context.ts`), the catalogue and a store's themes (`themes.catalogue.ts`), publishing, activating
 * and rolling back (`themes.publishing.ts`), the draft's customisation (`themes.drafts.ts`), preview links and the
 * public storefront (`themes.storefront.ts`); bound here.
 */
export function createThemesService(deps: Deps) {
  const ctx: ThemesContext = { deps, db: deps.db };
  return {
    catalogue: bound(ctx, catalogue),
    previewImage: bound(ctx, previewImage),
    list: bound(ctx, list),
    active: (actor: StoreActor) => activeTheme(ctx, ctx.db, actor.storeId),
    purchase: bound(ctx, purchase),
    activate: bound(ctx, activate),
    publish: bound(ctx, publish),
    rollback: bound(ctx, rollback),
    versions: bound(ctx, versions),
    customization: bound(ctx, customization),
    saveBody: bound(ctx, saveBody),
    saveHeader: bound(ctx, saveHeader),
    saveSocial: bound(ctx, saveSocial),
    saveColor: bound(ctx, saveColor),
    testimonials: bound(ctx, testimonials),
    addTestimonial: bound(ctx, addTestimonial),
    deleteTestimonial: bound(ctx, deleteTestimonial),
    createPreviewLink: bound(ctx, createPreviewLink),
    preview: bound(ctx, preview),
    storefront: bound(ctx, storefront),
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;

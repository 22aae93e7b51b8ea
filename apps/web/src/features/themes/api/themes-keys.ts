/** Query keys of the themes feature; merchant keys start with 'themes' (the public ones are in get-storefront-theme.ts). */
export const themesKeys = {
  all: ['themes'] as const,
  list: () => ['themes', 'list'] as const,
  active: () => ['themes', 'active'] as const,
  versions: () => ['themes', 'versions'] as const,
  customization: (merchantThemeId: string) => ['themes', 'customization', merchantThemeId] as const,
  testimonials: (merchantThemeId: string) => ['themes', 'testimonials', merchantThemeId] as const,
  catalogue: () => ['themes-catalogue'] as const,
};

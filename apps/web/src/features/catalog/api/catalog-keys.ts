/** Query keys of the customer catalog; every key starts with 'catalog'. */
export const catalogKeys = {
  all: ['catalog'] as const,
  topCategories: (limit: number) => ['catalog', 'top-categories', limit] as const,
  products: (query: object) => ['catalog', 'products', query] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  rail: (name: string, limit: number) => ['catalog', 'rail', name, limit] as const,
  marketplace: (limit: number, offset: number) => ['catalog', 'marketplace', limit, offset] as const,
  officialOutlets: (perStore: number) => ['catalog', 'official-outlets', perStore] as const,
  promotions: (perPromotion: number) => ['catalog', 'promotions', perPromotion] as const,
  storeCatalog: (storeId: string, limit: number, offset: number, categoryId?: string) =>
    ['catalog', 'store', storeId, limit, offset, categoryId ?? 'all'] as const,
  storefrontCollections: (storeUrl: string) => ['catalog', 'storefront-collections', storeUrl] as const,
  storefrontCategories: (storeUrl: string) => ['catalog', 'storefront-categories', storeUrl] as const,
};

export const CATALOG_MESSAGES = {
  products: 'Could not get products. Try again later.',
  product: 'Could not get product. Try again later.',
  categories: 'Could not get categories. Try again later.',
  stores: 'Could not get stores. Try again later.',
  dailyDeals: 'Could not get daily deals. Try again later.',
} as const;

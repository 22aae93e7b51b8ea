import { useSession } from '../../../lib/session';

/** The signed-in merchant's store, as the session names it (themes routes render its products). */
export function useMerchantStore(): { storeId: string | null; storeName: string; storeUrl: string | null } {
  const user = useSession('merchant')?.user;
  if (!user || !('storeUrl' in user)) return { storeId: null, storeName: 'Your store', storeUrl: null };
  return { storeId: user.storeId, storeName: user.storeName ?? 'Your store', storeUrl: user.storeUrl };
}

/** `/merchant/themes…` or `/themes…`: both trees of the specification serve the same screens. */
export function themesBase(pathname: string): '/merchant/themes' | '/themes' {
  return pathname.startsWith('/merchant/') ? '/merchant/themes' : '/themes';
}

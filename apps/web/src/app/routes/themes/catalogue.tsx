import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../../../components/ui/states';
import { useMerchantThemes } from '../../../features/themes/api/merchant-themes';
import { ThemeCatalogue } from '../../../features/themes/components/theme-catalogue';
import { useDocumentTitle } from '../../../lib/document-title';
import { themesBase } from './merchant-store';

/** `/merchant/themes` and `/themes`: the catalogue, owned and active themes, purchase (free) and activate. */
export function Component() {
  useDocumentTitle('Themes');
  const { pathname } = useLocation();
  if (/^\/themes\/default\/?$/.test(pathname)) return <DefaultTheme />;
  return <ThemeCatalogue base={themesBase(pathname)} />;
}

/** `/themes/default`: the editor of the default theme (45), which every store owns. */
function DefaultTheme() {
  const themes = useMerchantThemes();
  const fallback = themes.data?.themes.find((theme) => theme.isDefault);
  if (themes.isPending) return <LoadingState label="Loading your themes…" />;
  if (!fallback) return <ThemeCatalogue base="/themes" />;
  return <Navigate to={`/themes/edit/${fallback.slug}`} replace />;
}

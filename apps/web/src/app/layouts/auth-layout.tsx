import { Outlet } from 'react-router';
import { Brand } from '../../components/layout/brand';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { SkipLink } from '../../components/layout/skip-link';
import { accountLabels, homePath } from '../../lib/account';
import { useAccountKind } from '../use-account-kind';

/** Sign-in, sign-up and password pages of every account type. */
export function Component() {
  const kind = useAccountKind();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-2 px-4 py-3">
          <Brand to={kind === 'customer' ? '/' : homePath(kind)} />
          <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-900">
            {accountLabels[kind]}
          </span>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

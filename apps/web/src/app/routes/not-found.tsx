import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useNotFoundStatus } from '../../lib/ssr';

export function Component() {
  useNotFoundStatus(true);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-700">The page you asked for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to the marketplace
      </Link>
    </main>
  );
}

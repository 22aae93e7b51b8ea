import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';

/** Last resort for a page that crashed or whose code could not be downloaded (often a new release). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  const title =
    isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Sorry, something went wrong';
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">
        {chunkFailed
          ? 'A new version of Naija Market is available, or the connection dropped. Reload to continue.'
          : 'Reload the page, or go back to the marketplace.'}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/" className={buttonClasses('secondary')}>
          Marketplace
        </Link>
      </div>
    </main>
  );
}

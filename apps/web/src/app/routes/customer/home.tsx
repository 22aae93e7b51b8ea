import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { displayName, useSession } from '../../../lib/session';

/** The marketplace front page; product lists arrive with the catalog. */
export function Component() {
  const session = useSession('customer');
  return (
    <div className="space-y-8">
      <section className="rounded-xl bg-emerald-800 px-5 py-8 text-white sm:px-10">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {session
            ? `Welcome back, ${displayName(session.user).split(' ')[0]}`
            : 'Shop from stores across Nigeria'}
        </h1>
        <p className="mt-2 max-w-xl text-emerald-50">
          Pay in naira, follow your favourite stores and get your orders delivered to your door.
        </p>
        {!session ? (
          <div className="mt-5 flex flex-wrap gap-2">
            <Link to="/customer/signup" className={buttonClasses('secondary')}>
              Create an account
            </Link>
            <Link to="/customer/login" className={buttonClasses('inverse')}>
              Sign in
            </Link>
          </div>
        ) : null}
      </section>
      <section
        aria-labelledby="catalog-heading"
        className="rounded-lg border border-slate-200 bg-white px-4 py-6"
      >
        <h2 id="catalog-heading" className="text-xl font-bold text-slate-900">
          Products and deals
        </h2>
        <p className="mt-2 text-slate-700">The catalog, daily deals and store pages are coming soon.</p>
      </section>
    </div>
  );
}

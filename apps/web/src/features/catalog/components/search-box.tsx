// Written by hand, not with useContractForm: a search or filter box that writes the address, no request body to check.
import { type FormEvent, useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The header's product search: submits to `/search?q=…` (a new history entry, so Back works). The form's own
 * action and method say the same, so a search typed before the page's script has hydrated (a slow phone on a
 * server-rendered page) still lands on the server-rendered results, not on `?q=` of the page it was typed on.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const inputId = useId();
  const current = location.pathname === '/search' ? (params.get('q') ?? '') : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
  };
  return (
    <search className="block w-full">
      <form action="/search" method="get" onSubmit={submit} className="flex w-full min-w-0">
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <input
          key={current}
          id={inputId}
          name="q"
          type="search"
          defaultValue={current}
          maxLength={100}
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="block min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-slate-400 bg-white pr-0 pl-2 text-base text-slate-900 sm:px-3 placeholder:text-slate-600"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-r-md bg-emerald-700 px-3 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5 sm:hidden"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" strokeLinecap="round" />
          </svg>
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </form>
    </search>
  );
}

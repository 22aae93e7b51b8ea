import { type FormEvent, useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The header's product search: submits to `/search?q=…` (a new history entry, so Back works). */
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
      <form onSubmit={submit} className="flex w-full min-w-0">
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
          className="block min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600"
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-r-md bg-emerald-700 px-3 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Search
        </button>
      </form>
    </search>
  );
}

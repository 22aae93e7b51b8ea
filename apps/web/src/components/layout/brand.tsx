import { Link } from 'react-router';

/** The logo and name; `compact` shows only the logo on a phone (the name stays its accessible name). */
export function Brand({
  to = '/',
  suffix,
  compact = false,
}: {
  to?: string;
  suffix?: string;
  compact?: boolean;
}) {
  return (
    <Link to={to} className="inline-flex shrink-0 items-center gap-2 rounded font-bold text-emerald-800">
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-md bg-emerald-800 text-white"
      >
        N
      </span>
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>
        Naija Market
        {suffix ? <span className="ml-1 font-medium text-slate-700">{suffix}</span> : null}
      </span>
    </Link>
  );
}

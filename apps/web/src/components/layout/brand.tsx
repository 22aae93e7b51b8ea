import { Link } from 'react-router';

export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded font-bold text-emerald-800">
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-md bg-emerald-800 text-white"
      >
        N
      </span>
      <span>
        Naija Market
        {suffix ? <span className="ml-1 font-medium text-slate-700">{suffix}</span> : null}
      </span>
    </Link>
  );
}

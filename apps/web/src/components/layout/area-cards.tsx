import { Link } from 'react-router';

export interface Area {
  to: string;
  label: string;
  description: string;
}

/** The areas of a dashboard as large, thumb-friendly links. */
export function AreaCards({ areas, label }: { areas: readonly Area[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {areas.map((area) => (
          <li key={area.to}>
            <Link
              to={area.to}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-emerald-700 hover:shadow-sm"
            >
              <span className="font-semibold text-emerald-800">{area.label}</span>
              <span className="mt-1 block text-sm text-slate-700">{area.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

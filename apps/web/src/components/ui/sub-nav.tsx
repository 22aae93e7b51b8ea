import { NavLink } from 'react-router';

/** Links between the pages of one area (Approvals: products, stores, approvers). */
export function SubNav({ label, items }: { label: string; items: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="mb-5 overflow-x-auto">
      <ul className="flex gap-1 border-b border-slate-200">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium ${
                  isActive
                    ? 'border-emerald-700 text-emerald-900'
                    : 'border-transparent text-slate-700 hover:text-slate-900'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

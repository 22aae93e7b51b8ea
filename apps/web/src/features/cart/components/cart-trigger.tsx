/** The header cart button's icon and look, shared by the link signed-out visitors see and the drawer's button. */
export function CartIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="17" cy="20" r="1.5" />
    </svg>
  );
}

export const triggerClasses =
  'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-900 hover:bg-slate-50';

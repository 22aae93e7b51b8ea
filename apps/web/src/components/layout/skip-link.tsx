export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white px-3 py-2 font-semibold text-emerald-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      Skip to content
    </a>
  );
}

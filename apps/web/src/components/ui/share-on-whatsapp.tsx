/**
 * "Share on WhatsApp" (issue 36): opens WhatsApp with the page's title and address, which unfurls into the page's
 * card (its share tags). wa.me works on phones (the app) and computers (WhatsApp Web) alike; nothing is tracked.
 */
export function ShareOnWhatsApp({ title, path }: { title: string; path: string }) {
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
  const href = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-emerald-800 underline"
    >
      Share on WhatsApp<span className="sr-only"> (opens WhatsApp)</span>
    </a>
  );
}

import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders its children only when the place they go scrolls near the screen (or at once where there is no
 * IntersectionObserver): a section below the fold costs the first paint nothing, not even its code when the
 * children are a lazy component. `fallback` holds the space meanwhile.
 */
export function BelowTheFold({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = anchor.current;
    if (!node || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={anchor}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}

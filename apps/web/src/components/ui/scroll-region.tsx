import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways (a wide table at 360 px). Keyboard users must be able to reach and scroll it, so it
 * takes focus and is a named region (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  /** What it holds, e.g. "Finance figures per merchant"; screen readers announce it on focus. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus to be scrolled by keyboard
      tabIndex={0}
      className={`overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${className}`}
    >
      {children}
    </section>
  );
}

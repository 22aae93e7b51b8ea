import { type ButtonHTMLAttributes, type MouseEvent, type Ref, useEffect, useRef } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'dangerGhost' | 'inverse';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-800 hover:bg-slate-100',
  dangerGhost: 'text-red-800 hover:bg-red-50',
  inverse: 'border border-white text-white hover:bg-emerald-700',
};

/** Classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Passing it (even false) marks the button as one that starts work: a second click is ignored until it ends. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Runs `work` after `hops` further tasks: the query library reports `isPending` one task after `mutate`. */
function afterTasks(hops: number, work: () => void) {
  setTimeout(() => (hops > 1 ? afterTasks(hops - 1, work) : work()), 0);
}

/**
 * Ignores a second click that lands before `loading` has re-rendered the button disabled: a 0 ms double click, or
 * two clicks in one task, would otherwise send two requests (issue 23). TanStack Query reports `isPending` on a later
 * task, so `disabled` alone comes too late.
 */
function useClickOnce(guarded: boolean, loading: boolean) {
  const held = useRef(false);
  const loadingNow = useRef(loading);
  useEffect(() => {
    loadingNow.current = loading;
    if (!loading) held.current = false;
  }, [loading]);
  return (event: MouseEvent<HTMLButtonElement>, onClick?: (event: MouseEvent<HTMLButtonElement>) => void) => {
    if (!guarded) return onClick?.(event);
    if (held.current) {
      event.preventDefault();
      return;
    }
    held.current = true;
    // Work that starts has rendered `loading` by then and holds the button until it ends; a form that failed its
    // own checks started none, so the button takes the next click.
    afterTasks(2, () => {
      if (!loadingNow.current) held.current = false;
    });
    onClick?.(event);
  };
}

export function Button({
  variant = 'primary',
  loading,
  className = '',
  children,
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  const busy = loading === true;
  const click = useClickOnce(loading !== undefined, busy);
  return (
    <button
      type="button"
      className={buttonClasses(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={(event) => click(event, onClick)}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const dimension = size === 'sm' ? 'h-4 w-4' : size === 'lg' ? 'h-10 w-10' : 'h-6 w-6';
  return (
    <span className="inline-flex items-center gap-2" role={label ? 'status' : undefined}>
      <span
        aria-hidden="true"
        className={`${dimension} animate-spin rounded-full border-2 border-current border-t-transparent`}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

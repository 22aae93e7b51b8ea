import type { ReactNode } from 'react';

const tones = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  slate: 'bg-slate-100 text-slate-800',
} as const;

export function Badge({ tone = 'slate', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

import type { ReactNode } from 'react';

/** A titled group of form fields: a fieldset, so screen readers announce the group with each field. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

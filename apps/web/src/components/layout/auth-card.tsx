import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  // The four sign-in pages differ by their account: "Sign in · Merchant account".
  useDocumentTitle(description ? `${title} · ${description}` : title);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

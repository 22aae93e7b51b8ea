import { PageHeader } from './page-header';

/** A real page of an area a later release fills in. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center">
        <p className="font-semibold text-slate-900">Coming soon</p>
        <p className="mt-2 text-sm text-slate-700">
          This part of Naija Market is being built. Check back shortly.
        </p>
      </div>
    </section>
  );
}

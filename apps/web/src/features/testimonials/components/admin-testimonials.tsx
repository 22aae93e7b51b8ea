import type { TestimonialStatus } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { Stars } from '../../../components/ui/star-rating';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/dates';
import { TESTIMONIAL_MESSAGES, useAdminTestimonials, useDecideTestimonial } from '../api/testimonials';

/** `/admin/testimonials`: approve customers' testimonials for the home page (or take them off it). */
export function AdminTestimonials() {
  const [status, setStatus] = useState<TestimonialStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminTestimonials(status, page);
  const decide = useDecideTestimonial();
  return (
    <div className="space-y-4">
      <SelectField
        label="Show"
        value={status}
        className="sm:w-56"
        onChange={(event) => {
          setStatus(event.target.value as TestimonialStatus);
          setPage(1);
        }}
        options={[
          { value: 'pending', label: 'Waiting for approval' },
          { value: 'approved', label: 'On the home page' },
          { value: 'rejected', label: 'Rejected' },
        ]}
      />
      {list.isPending ? (
        <LoadingState label="Loading testimonials…" />
      ) : list.isError ? (
        <ErrorState title={TESTIMONIAL_MESSAGES.list} onRetry={() => list.refetch()} />
      ) : list.data.testimonials.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'Nothing waits for approval' : 'No testimonials here'} />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {list.data.testimonials.map((testimonial) => {
              const busy = decide.isPending && decide.variables?.id === testimonial.id;
              return (
                <li key={testimonial.id} className="space-y-2 py-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Stars value={testimonial.rating} />
                    <span className="sr-only">{testimonial.rating} out of 5 stars.</span>
                    <span className="font-semibold text-slate-900">{testimonial.authorName}</span>
                    <span className="text-slate-700">· {formatDate(testimonial.createdAt)}</span>
                  </p>
                  <p className="text-slate-800">{testimonial.text}</p>
                  <div className="flex flex-wrap gap-2">
                    {status !== 'approved' ? (
                      <Button
                        loading={busy && decide.variables?.decision === 'approve'}
                        onClick={() => decide.mutate({ id: testimonial.id, decision: 'approve' })}
                      >
                        Approve<span className="sr-only"> the testimonial by {testimonial.authorName}</span>
                      </Button>
                    ) : null}
                    {status !== 'rejected' ? (
                      <Button
                        variant="dangerGhost"
                        loading={busy && decide.variables?.decision === 'reject'}
                        onClick={() => decide.mutate({ id: testimonial.id, decision: 'reject' })}
                      >
                        {status === 'approved' ? 'Take off the home page' : 'Reject'}
                        <span className="sr-only"> the testimonial by {testimonial.authorName}</span>
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Pages of testimonials"
            page={page}
            totalPages={list.data.pagination.totalPages}
            totalItems={list.data.pagination.totalItems}
            noun="testimonial"
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

import { Stars } from '../../../components/ui/star-rating';
import { useApprovedTestimonials } from '../api/testimonials';

/**
 * "What shoppers say" on the home page: approved testimonials only. The section keeps quiet while loading, on a
 * failure or with none (the home page stays useful without it).
 */
export function HomeTestimonials() {
  const testimonials = useApprovedTestimonials();
  if (!testimonials.data || testimonials.data.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="space-y-3">
      <h2 id="testimonials-heading" className="text-xl font-bold text-slate-900">
        What shoppers say
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {testimonials.data.map((testimonial) => (
          <li key={testimonial.id}>
            <figure className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <Stars value={testimonial.rating} />
              <span className="sr-only">{testimonial.rating} out of 5 stars.</span>
              <blockquote className="flex-1 text-slate-800">“{testimonial.text}”</blockquote>
              <figcaption className="text-sm font-semibold text-slate-900">
                {testimonial.authorName}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

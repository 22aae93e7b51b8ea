import { PageHeader } from '../../../components/ui/page-header';
import { TestimonialForm } from '../../../features/testimonials/components/testimonial-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/testimonial`: a few words about Naija Market for the home page (after approval). */
export function Component() {
  useDocumentTitle('Send a testimonial');
  return (
    <RequireSession kind="customer">
      <PageHeader
        title="Send a testimonial"
        description="Tell other shoppers about Naija Market. Our team reads each one before it shows on the home page with your first name."
      />
      <TestimonialForm />
    </RequireSession>
  );
}

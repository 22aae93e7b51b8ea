import { PageHeader } from '../../../components/ui/page-header';
import { ContactForm } from '../../../features/contact/components/contact-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';

/** `/contact-us`: a message to the Naija Market team; signed-in customers find their name and email filled in. */
export function Component() {
  useDocumentTitle('Contact us');
  const session = useSession('customer');
  const user = session && 'firstName' in session.user ? session.user : undefined;
  return (
    <section>
      <PageHeader
        title="Contact us"
        description="Questions about an order, a store or your account? Write to us and we will answer by email."
      />
      <ContactForm
        defaults={user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : undefined}
      />
    </section>
  );
}

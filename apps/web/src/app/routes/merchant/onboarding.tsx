import { PageHeader } from '../../../components/ui/page-header';
import { OnboardingWizard } from '../../../features/onboarding/components/onboarding-wizard';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Onboarding');
  return (
    <section>
      <PageHeader
        title="Onboarding"
        description="Tell us who you are and where you sell from. Your answers save step by step."
      />
      <OnboardingWizard />
    </section>
  );
}

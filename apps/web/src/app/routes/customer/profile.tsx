import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { PROFILE_MESSAGES, useProfile } from '../../../features/profile/api/profile';
import { ChangeEmailForm } from '../../../features/profile/components/change-email-form';
import {
  CloseAccountForm,
  DownloadMyData,
  MarketingConsentField,
} from '../../../features/profile/components/data-rights';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ProfilePhoto } from '../../../features/profile/components/profile-photo';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Profile() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState label="Loading your profile…" />;
  if (profile.isError)
    return <ErrorState title={PROFILE_MESSAGES.profile} onRetry={() => profile.refetch()} />;
  return (
    <div className="space-y-4">
      <Card title="Photo">
        <ProfilePhoto profile={profile.data} />
      </Card>
      <Card title="Your details">
        <ProfileForm key={profile.data.id} profile={profile.data} />
      </Card>
      <Card title="Email">
        <ChangeEmailForm profile={profile.data} />
      </Card>
      <Card title="Messages and your data">
        <MarketingConsentField profile={profile.data} />
        <DownloadMyData />
      </Card>
      <Card title="Close your account">
        <CloseAccountForm />
      </Card>
      <Card title="Password and more">
        <ul className="space-y-2 text-sm">
          <li>
            <Link to="/customer/change-password" className="font-semibold text-emerald-800 underline">
              Change password
            </Link>
          </li>
          <li>
            <Link to="/account/testimonial" className="font-semibold text-emerald-800 underline">
              Tell others about Naija Market (testimonial)
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}

/**
 * `/account/profile`: name, phone, photo and email of the signed-in customer, their marketing choice, the download
 * of their data and the closing of their account (ADR 073).
 */
export function Component() {
  useDocumentTitle('Your profile');
  return (
    <RequireSession kind="customer">
      <PageHeader title="Your profile" />
      <Profile />
    </RequireSession>
  );
}

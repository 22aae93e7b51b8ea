import { type PartnerSignupBody, partnerSignupBody } from '@market/contracts';
import { type ReactNode, useState } from 'react';
import { get } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePartnerSignup } from '../api/signup';
import { ResendConfirmation } from './resend-confirmation';

type FieldName =
  | `company.${keyof PartnerSignupBody['company']}`
  | `bankDetails.${Exclude<keyof PartnerSignupBody['bankDetails'], 'swiftCodeSortCodeIban'>}`
  | `certification.${keyof PartnerSignupBody['certification']}`
  | 'password';

interface FieldSpec {
  name: FieldName;
  label: string;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email';
}

const sections: { legend: string; fields: FieldSpec[] }[] = [
  {
    legend: 'Company',
    fields: [
      { name: 'company.companyName', label: 'Company name', autoComplete: 'organization' },
      { name: 'company.rcNumber', label: 'RC number' },
      { name: 'company.vatNumber', label: 'VAT number', optional: true },
      { name: 'company.officeAddress', label: 'Office address', autoComplete: 'street-address' },
      { name: 'company.postalAddress', label: 'Postal address', optional: true },
      {
        name: 'company.phoneNumber',
        label: 'Phone number',
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
      },
      {
        name: 'company.email',
        label: 'Company email',
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
      },
      { name: 'company.contactPerson', label: 'Contact person', autoComplete: 'name' },
      { name: 'company.lineOfBusiness', label: 'Line of business' },
    ],
  },
  {
    legend: 'Bank details',
    fields: [
      { name: 'bankDetails.bankName', label: 'Bank name' },
      { name: 'bankDetails.branch', label: 'Branch', optional: true },
      { name: 'bankDetails.accountName', label: 'Account name' },
      { name: 'bankDetails.accountNumber', label: 'Account number (10 digits)', inputMode: 'numeric' },
    ],
  },
  {
    legend: 'Certification',
    fields: [
      { name: 'certification.name', label: 'Your name', autoComplete: 'name' },
      { name: 'certification.designation', label: 'Designation' },
      { name: 'certification.signature', label: 'Signature (type your full name)' },
      { name: 'certification.date', label: 'Date', type: 'date' },
      { name: 'certification.introducedBy', label: 'Introduced by', optional: true },
    ],
  },
];
const allFields: string[] = [
  ...sections.flatMap((section) => section.fields.map((field) => field.name)),
  'password',
];

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The shipping-partner application: company, bank details, certification and a password. */
export function PartnerSignupForm() {
  const signup = usePartnerSignup();
  const [status, setStatus] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(partnerSignupBody, {
    defaultValues: {
      company: {
        companyName: '',
        rcNumber: '',
        vatNumber: '',
        officeAddress: '',
        postalAddress: '',
        phoneNumber: '',
        email: '',
        contactPerson: '',
        lineOfBusiness: '',
      },
      bankDetails: { bankName: '', branch: '', accountName: '', accountNumber: '' },
      certification: {
        name: '',
        designation: '',
        signature: '',
        date: new Date().toISOString().slice(0, 10),
        introducedBy: '',
      },
      password: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    signup.mutate(values, {
      onSuccess: (answer) => setDone({ email: values.company.email, message: answer.message }),
      onError: (error) => setStatus(applyServerErrors(error, setError, allFields)),
    });
  });

  if (done) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{done.message}</FormAlert>
        <Link to="/shipping-partner/login" className="block font-semibold text-emerald-800 underline">
          Go to sign in
        </Link>
        <ResendConfirmation kind="partner" email={done.email} />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Apply as a shipping partner">
      {status ? <FormAlert>{status}</FormAlert> : null}
      {sections.map((section) => (
        <Fieldset key={section.legend} legend={section.legend}>
          {section.fields.map((field) => {
            const props = {
              label: field.optional ? `${field.label} (optional)` : field.label,
              autoComplete: field.autoComplete,
              inputMode: field.inputMode,
              error: (get(errors, field.name) as { message?: string } | undefined)?.message,
              ...register(field.name),
            };
            return field.type === 'date' ? (
              <DateField key={field.name} type="date" {...props} />
            ) : (
              <TextField key={field.name} type={field.type ?? 'text'} {...props} />
            );
          })}
        </Fieldset>
      ))}
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters. You sign in with the company email."
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" loading={signup.isPending}>
        Submit application
      </Button>
      <p className="text-sm text-slate-700">
        Already a partner?{' '}
        <Link to="/shipping-partner/login" className="font-semibold text-emerald-800 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

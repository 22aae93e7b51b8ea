import { type CustomerSignupBody, customerSignupBody, merchantSignupBody } from '@market/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { segmentOf } from '../../../lib/account';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCustomerSignup, useMerchantSignup } from '../api/signup';
import { ResendConfirmation } from './resend-confirmation';

const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'storeName'] as const;

type SignupValues = CustomerSignupBody & { storeName?: string };
const schemas: Record<'customer' | 'merchant', z.ZodType<SignupValues, SignupValues>> = {
  customer: customerSignupBody.extend({ storeName: z.string().optional() }),
  merchant: merchantSignupBody,
};

/** Sign-up of a customer or of a merchant with the name of their new store. */
export function SignupForm({ kind }: { kind: 'customer' | 'merchant' }) {
  const customerSignup = useCustomerSignup();
  const merchantSignup = useMerchantSignup();
  const pending = customerSignup.isPending || merchantSignup.isPending;
  const [status, setStatus] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(schemas[kind], {
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', storeName: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setStatus(null);
    const callbacks = {
      onSuccess: (answer: { message: string }) => setDone({ email: values.email, message: answer.message }),
      onError: (error: unknown) => setStatus(applyServerErrors(error, setError, fields)),
    };
    const { storeName, ...customer } = values;
    if (kind === 'merchant') merchantSignup.mutate({ ...customer, storeName: storeName ?? '' }, callbacks);
    else customerSignup.mutate(customer, callbacks);
  });

  if (done) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{done.message}</FormAlert>
        <Link to={`/${segmentOf(kind)}/login`} className="block font-semibold text-emerald-800 underline">
          Go to sign in
        </Link>
        <ResendConfirmation kind={kind} email={done.email} />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create an account">
      {status ? <FormAlert>{status}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      {kind === 'merchant' ? (
        <TextField label="Store name" error={errors.storeName?.message} {...register('storeName')} />
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="For example 0803 123 4567"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" loading={pending}>
        Create account
      </Button>
      <p className="text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={`/${segmentOf(kind)}/login`} className="font-semibold text-emerald-800 underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

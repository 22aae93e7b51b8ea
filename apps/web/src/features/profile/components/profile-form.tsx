import { type CustomerProfile, updateProfileBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/profile';

type Values = { firstName: string; lastName: string; phoneNumber: string };

/** Name and phone number; the phone may be left empty. */
export function ProfileForm({ profile }: { profile: CustomerProfile }) {
  const update = useUpdateProfile();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useContractForm<typeof updateProfileBody, Values>(updateProfileBody, {
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber ?? '',
    },
    prepare: (values) => ({ ...values, phoneNumber: values.phoneNumber.trim() || null }),
  });
  const onSubmit = handleSubmit((body) => {
    setAlert(null);
    update.mutate(body, {
      onSuccess: (answer) =>
        reset({
          firstName: answer.data.firstName,
          lastName: answer.data.lastName,
          phoneNumber: answer.data.phoneNumber ?? '',
        }),
      onError: (error) =>
        setAlert(applyServerErrors(error, setError, ['firstName', 'lastName', 'phoneNumber'])),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your details" className="grid gap-4 sm:grid-cols-2">
      {alert ? (
        <div className="sm:col-span-2">
          <FormAlert>{alert}</FormAlert>
        </div>
      ) : null}
      <TextField
        label="First name"
        autoComplete="given-name"
        aria-required="true"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        aria-required="true"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="A Nigerian number, e.g. 0803 123 4567"
        error={errors.phoneNumber?.message}
        className="sm:col-span-2"
        {...register('phoneNumber')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          Save details
        </Button>
      </div>
    </form>
  );
}

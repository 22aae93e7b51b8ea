import { contactBody } from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSendContact } from '../api/contact';

const fields = ['name', 'email', 'subject', 'message'] as const;

/** The contact form: name, email, subject and message to the Naija Market team. */
export function ContactForm({ defaults }: { defaults?: { name?: string; email?: string } }) {
  const send = useSendContact();
  const [alert, setAlert] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useContractForm(contactBody, {
    defaultValues: { name: defaults?.name ?? '', email: defaults?.email ?? '', subject: '', message: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setAlert(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        reset({ name: values.name, email: values.email, subject: '', message: '' });
        setAlert({ tone: 'success', text: answer.message });
      },
      onError: (error) => {
        const text = applyServerErrors(error, setError, fields);
        if (text) setAlert({ tone: 'error', text });
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact us" className="max-w-xl space-y-4">
      {alert ? <FormAlert tone={alert.tone}>{alert.text}</FormAlert> : null}
      <TextField
        label="Your name"
        autoComplete="name"
        aria-required="true"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Subject"
        aria-required="true"
        maxLength={150}
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextareaField
        label="Message"
        rows={6}
        maxLength={5000}
        aria-required="true"
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" loading={send.isPending}>
        Send message
      </Button>
    </form>
  );
}

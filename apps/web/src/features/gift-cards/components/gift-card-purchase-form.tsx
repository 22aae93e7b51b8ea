import { GIFT_CARD_MAX_NAIRA, GIFT_CARD_MIN_NAIRA, purchaseGiftCardBody } from '@market/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useContractForm } from '../../../lib/contract-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { numberOrNaN } from '../../../lib/form-values';
import { formatApiNaira } from '../../../lib/money';
import { usePurchaseGiftCard } from '../api/purchase-gift-card';
import { paymentPage } from './payment-page';

export const GIFT_CARD_PRESETS = [1_000, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

interface PurchaseValues {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
}

const fields = ['amount', 'recipientName', 'recipientEmail', 'message'] as const;

/** Amount (presets or own, ₦1,000–₦500,000) and an optional recipient; then on to the payment page. */
export function GiftCardPurchaseForm() {
  const purchase = usePurchaseGiftCard();
  const [status, setStatus] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const presetName = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm<typeof purchaseGiftCardBody, PurchaseValues>(purchaseGiftCardBody, {
    defaultValues: { amount: '10000', recipientName: '', recipientEmail: '', message: '' },
    // The inputs hold strings; what is checked (and sent) is the contract's body: naira as a number (a
    // blank one NaN, which the contract answers "Enter an amount in naira"), blank optional fields left out.
    prepare: (values) => ({
      amount: numberOrNaN(values.amount.replace(/,/g, '').trim()),
      recipientName: values.recipientName.trim() || undefined,
      recipientEmail: values.recipientEmail.trim() || undefined,
      message: values.message.trim() || undefined,
    }),
  });
  const amount = watch('amount');

  const onSubmit = handleSubmit((body) => {
    setStatus(null);
    purchase.mutate(body, {
      onSuccess: (payment) => {
        setLeaving(true);
        paymentPage.assign(payment.authorizationUrl);
      },
      onError: (error) => setStatus(applyServerErrors(error, setError, fields)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-lg space-y-4" aria-label="Buy a gift card">
      {status ? <FormAlert>{status}</FormAlert> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Amount</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {GIFT_CARD_PRESETS.map((preset) => {
            const checked = amount === String(preset);
            return (
              <label
                key={preset}
                className={`flex min-h-11 cursor-pointer items-center justify-center rounded-md border px-3 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-emerald-700 ${
                  checked
                    ? 'border-emerald-700 bg-emerald-50 text-emerald-950 ring-1 ring-emerald-700'
                    : 'border-slate-400 bg-white text-slate-900'
                }`}
              >
                <input
                  type="radio"
                  name={presetName}
                  className="sr-only"
                  checked={checked}
                  onChange={() => setValue('amount', String(preset), { shouldValidate: false })}
                />
                {formatApiNaira(preset)}
              </label>
            );
          })}
        </div>
      </fieldset>
      <TextField
        label="Or another amount in naira"
        inputMode="decimal"
        hint={`From ${formatApiNaira(GIFT_CARD_MIN_NAIRA)} to ${formatApiNaira(GIFT_CARD_MAX_NAIRA)}`}
        error={errors.amount?.message}
        {...register('amount')}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">For someone else? (optional)</legend>
        <TextField
          label="Recipient’s name"
          autoComplete="off"
          error={errors.recipientName?.message}
          {...register('recipientName')}
        />
        <TextField
          label="Recipient’s email"
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.recipientEmail?.message}
          {...register('recipientEmail')}
        />
        <TextareaField
          label="Message"
          maxLength={500}
          error={errors.message?.message}
          {...register('message')}
        />
      </fieldset>
      <Button type="submit" className="w-full sm:w-auto" loading={purchase.isPending || leaving}>
        {leaving ? 'Opening the payment page…' : 'Buy and pay'}
      </Button>
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { DialogFrame, DialogTextField } from './dialog-frame';

interface PromptDialogProps {
  open: boolean;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Shortest acceptable answer; shorter ones show `tooShort`. */
  minLength?: number;
  tooShort?: string;
  busy?: boolean;
  onConfirm(value: string): void;
  onCancel(): void;
}

/** A modal that asks for a text (a rejection reason): focus starts in the field, Escape cancels. */
export function PromptDialog({
  open,
  title,
  description,
  label,
  confirmLabel,
  minLength = 1,
  tooShort = 'Please write a little more',
  busy = false,
  onConfirm,
  onCancel,
}: PromptDialogProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValue('');
    setError(null);
  }, [open]);

  if (!open) return null;

  const submit = () => {
    if (value.trim().length < minLength) {
      setError(tooShort);
      field.current?.focus();
      return;
    }
    onConfirm(value.trim());
  };

  return (
    <DialogFrame
      title={title}
      description={<p className="mt-2 text-slate-700">{description}</p>}
      initialFocus={field}
      confirmLabel={confirmLabel}
      tone="danger"
      busy={busy}
      onConfirm={submit}
      onCancel={onCancel}
    >
      <DialogTextField field={field} label={label} value={value} error={error} onChange={setValue} />
    </DialogFrame>
  );
}

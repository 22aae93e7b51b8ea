import { DialogFrame } from './dialog-frame';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question: focus starts on Cancel, stays inside, Escape cancels, focus returns where it was. */
export function ConfirmDialog({ open, description, tone = 'danger', ...frame }: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <DialogFrame
      {...frame}
      role="alertdialog"
      tone={tone}
      description={<p className="mt-2 text-slate-700">{description}</p>}
    />
  );
}

// Written by hand, not with useContractForm: it sends a file (multipart), which no contract body schema checks.
import type { OrderStatus } from '@market/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/field-label';
import { TextField } from '../../../components/ui/text-field';

/** The server's limit for images (platform storage); checked here first to spare a phone the upload. */
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A move that asks for a photo (picked up, delivery failed): the camera opens on phones (`capture`), the photo is
 * previewed, and a note may go with it. The server checks the bytes again; its message shows if it refuses.
 */
export function EvidenceForm({
  status,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  status: OrderStatus;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: { photo: File; note?: string }) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const [photo, setPhoto] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!photo || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!photo) return setError('Take or choose a photo of the parcel');
    if (!PHOTO_TYPES.includes(photo.type)) return setError('Choose a JPEG, PNG or WebP photo');
    if (photo.size > MAX_PHOTO_BYTES) return setError('Photos must be 8 MB or smaller');
    setError(undefined);
    onSubmit({ photo, note: note.trim() || undefined });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Photo for ${status.known_name}`}
      className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-3"
    >
      <div>
        <FieldLabel htmlFor={inputId} label="Photo of the parcel" required />
        <input
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          capture="environment"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
          onChange={(event) => {
            setPhoto(event.target.files?.[0]);
            setError(undefined);
          }}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
          {status.code_name === 'delivery_failed'
            ? 'Take a photo of the door or the parcel where delivery failed (JPEG, PNG or WebP, up to 8 MB).'
            : 'Take a photo of the parcel as you collect it (JPEG, PNG or WebP, up to 8 MB).'}
        </p>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {preview ? (
        <img
          src={preview}
          alt="The parcel as you took it"
          className="h-32 w-auto max-w-full rounded border border-slate-300 object-contain"
        />
      ) : null}
      <TextField
        label="Note (optional)"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Not now
        </Button>
      </div>
    </form>
  );
}

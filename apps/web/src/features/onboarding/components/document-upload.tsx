import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorToastMessage } from '../../../lib/toast-rules';
import { useOpenDocument } from '../api/download-document';
import { type DocumentKind, useUploadDocument } from '../api/upload-document';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

interface DocumentUploadProps {
  kind: DocumentKind;
  label: string;
  /** The file already on record (resuming the wizard). */
  fileId: string | null | undefined;
  error?: string;
  onUploaded(fileId: string): void;
}

function sizeText(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Picks and uploads a private document, shows its progress, then its name and a preview. */
export function DocumentUpload({ kind, label, fileId, error, onUploaded }: DocumentUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(kind);
  const open = useOpenDocument();
  const [picked, setPicked] = useState<{ name: string; size: number; preview: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => (picked?.preview ? URL.revokeObjectURL(picked.preview) : undefined), [picked]);

  const onChange = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setProblem('The file is larger than 5 MB');
      return;
    }
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
    setPicked({ name: file.name, size: file.size, preview });
    upload.mutate(file, {
      onSuccess: (answer) => onUploaded(answer.data.fileId),
      onError: (failure) => setProblem(errorToastMessage(failure) ?? 'Upload failed'),
    });
  };

  const shownError = problem ?? error;
  return (
    <fieldset className="rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
      <label htmlFor={inputId} className="block text-sm text-slate-700">
        Choose a PDF, JPEG, PNG or WebP file (5 MB at most)
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${inputId}-error` : undefined}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
        onChange={(event) => onChange(event.target.files?.[0])}
      />
      <div aria-live="polite" className="mt-2 space-y-2 text-sm">
        {upload.isPending ? (
          <div>
            <p className="text-slate-700">Uploading {picked?.name}…</p>
            <progress
              className="h-2 w-full accent-emerald-700"
              aria-label={`Uploading ${picked?.name ?? 'file'}`}
            />
          </div>
        ) : null}
        {upload.isSuccess && picked ? (
          <div className="flex items-center gap-3">
            {picked.preview ? (
              <img
                src={picked.preview}
                alt={`Preview of ${picked.name}`}
                className="h-16 w-16 rounded border object-cover"
              />
            ) : null}
            <p className="min-w-0 break-all text-green-900">
              Uploaded {picked.name} ({sizeText(picked.size)})
            </p>
          </div>
        ) : null}
        {!upload.isSuccess && !upload.isPending && fileId ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-green-900">A document is on file.</p>
            <Button variant="ghost" loading={open.isPending} onClick={() => open.mutate(fileId)}>
              View {label.toLowerCase()}
            </Button>
          </div>
        ) : null}
        {shownError ? (
          <p id={`${inputId}-error`} className="text-red-700">
            {shownError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

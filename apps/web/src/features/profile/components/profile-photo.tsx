import type { CustomerProfile } from '@market/contracts';
import { useId, useRef } from 'react';
import { PersonIcon } from '../../../components/layout/account-menu';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useRemovePhoto, useUploadPhoto } from '../api/profile';

/** The profile photo: a JPEG, PNG or WebP up to the upload limit, stored resized as WebP. */
export function ProfilePhoto({ profile }: { profile: CustomerProfile }) {
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-4">
      {profile.image ? (
        <img
          src={profile.image}
          alt="Your profile"
          width={80}
          height={80}
          className="h-20 w-20 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <span className="grid h-20 w-20 place-items-center rounded-full bg-slate-100 text-slate-600">
          <PersonIcon />
        </span>
      )}
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={inputId}
          className={`${buttonClasses('secondary')} cursor-pointer has-[:focus-visible]:outline has-[:focus-visible]:outline-2`}
        >
          {upload.isPending ? 'Uploading…' : profile.image ? 'Change photo' : 'Add a photo'}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // the same file may be chosen again after a failure
              const clear = () => {
                if (input.current) input.current.value = '';
              };
              if (file) upload.mutate(file, { onSettled: clear });
            }}
          />
        </label>
        {profile.image ? (
          <Button variant="dangerGhost" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
            Remove photo
          </Button>
        ) : null}
      </div>
    </div>
  );
}

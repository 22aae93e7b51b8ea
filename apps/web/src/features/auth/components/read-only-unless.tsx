import type { AccountKind } from '@market/contracts';
import type { ReactNode } from 'react';
import { usePermissions } from '../api/permissions';

/**
 * A form a "See"-only role may look at but not change: every field and button inside is disabled, with a line
 * saying why, instead of a live Save the server then refuses.
 */
export function ReadOnlyUnless({
  kind = 'merchant',
  permission,
  note,
  children,
}: {
  kind?: AccountKind;
  permission: string;
  /** Why it is read-only, e.g. "Your role can see products but not change them." */
  note: string;
  children: ReactNode;
}) {
  const permissions = usePermissions(kind);
  // Until the role is known the form stays usable: the server still refuses a change the role may not make.
  const readOnly = permissions.data !== undefined && !permissions.data.permissions.includes(permission);
  return (
    <>
      {readOnly ? (
        <p role="status" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {note}
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="m-0 min-w-0 border-0 p-0">
        {children}
      </fieldset>
    </>
  );
}

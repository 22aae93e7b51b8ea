import {
  type ChangeEvent,
  type ComponentProps,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { DATE_LOCALE, formatDate, formatDateTime } from '../../lib/dates';
import { TextField } from './text-field';

type DateFieldProps = Omit<ComponentProps<typeof TextField>, 'type'> & {
  /** A calendar day (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:mm). */
  type?: 'date' | 'datetime-local';
};

const day = /^\d{4}-\d{2}-\d{2}$/;
const dayAndTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The chosen value in words, day first ("1 May 1990"), or null while nothing valid is chosen. */
export function chosenDateText(value: string, type: DateFieldProps['type'] = 'date'): string | null {
  if (type === 'date') return day.test(value) ? formatDate(value) : null;
  return dayAndTime.test(value) ? formatDateTime(value) : null;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A native date (or date and time) input that says which day was chosen, day first. The browser draws the
 * input in its own language's order (05/01/1990 in a US browser), so the hint removes the doubt.
 */
export function DateField({ type = 'date', hint, onChange, ref, ...rest }: DateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const [current, setCurrent] = useState(() => String(rest.value ?? rest.defaultValue ?? ''));
  // A form library may give the input its value through the ref, after the first render.
  useEffect(() => {
    if (input.current) setCurrent(input.current.value);
  }, []);
  const attach = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      setRef(ref, element);
    },
    [ref],
  );
  const value = rest.value !== undefined ? String(rest.value) : current;
  const chosen = chosenDateText(value, type);
  const fullHint = [chosen ? `Chosen: ${chosen}.` : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <TextField
      type={type}
      lang={DATE_LOCALE}
      hint={fullHint}
      ref={attach}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setCurrent(event.target.value);
        onChange?.(event);
      }}
      {...rest}
    />
  );
}

import { useId } from 'react';

const words = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five radio buttons drawn as stars: arrow keys move between them, the chosen one's word is shown. */
export function RatingInput({
  value,
  onChange,
  error,
  legend = 'Your rating',
}: {
  value: number;
  onChange(value: number): void;
  error?: string;
  legend?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {words.map((word, index) => {
          const stars = index + 1;
          return (
            <label
              key={word}
              className={`grid min-h-11 min-w-11 cursor-pointer place-items-center rounded-md text-3xl leading-none has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-700 ${
                stars <= value ? 'text-amber-600' : 'text-slate-400'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="sr-only"
                aria-label={`${stars} star${stars === 1 ? '' : 's'}: ${word}`}
              />
              <span aria-hidden="true">★</span>
            </label>
          );
        })}
        <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
          {value > 0 ? words[value - 1] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

// The text, password, select and textarea fields tie their control to its hint and error one way (useFieldIds and
// FieldNotes in field-label.tsx, issue 30): a screen reader reads both with the control, and the error is announced.

describe('a form field', () => {
  it.each([
    ['text', (hint?: string, error?: string) => <TextField label="Phone" hint={hint} error={error} />],
    [
      'password',
      (hint?: string, error?: string) => <PasswordField label="Phone" hint={hint} error={error} />,
    ],
  ])(
    'a %s field is described by its hint and its error, and marked invalid only with an error',
    (_, field) => {
      const { rerender } = render(field('11 digits'));
      const control = screen.getByLabelText('Phone');
      expect(control).toHaveAccessibleDescription('11 digits');
      expect(control).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      rerender(field('11 digits', 'Enter a phone number'));
      expect(control).toHaveAccessibleDescription('11 digits Enter a phone number');
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a phone number');
    },
  );

  it('a select and a textarea are described by their error', () => {
    render(
      <>
        <SelectField label="Status" options={[{ value: 'a', label: 'Active' }]} error="Choose a status" />
        <TextareaField label="Note" error="Write a note" />
      </>,
    );
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription('Choose a status');
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Write a note');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('keeps an id and a description the caller gives', () => {
    render(<TextField label="Code" id="code" aria-describedby="elsewhere" error="Wrong code" />);
    const control = screen.getByLabelText('Code');
    expect(control).toHaveAttribute('id', 'code');
    expect(control).toHaveAttribute('aria-describedby', 'elsewhere');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { chosenDateText, DateField } from './date-field';

function Form({ birth }: { birth: string }) {
  const { register } = useForm({ defaultValues: { birth } });
  return <DateField label="Date of birth" {...register('birth')} />;
}

describe('DateField', () => {
  it('says which day is chosen, day first, and sets lang en-NG on the input', () => {
    render(<Form birth="1990-05-01" />);
    const input = screen.getByLabelText('Date of birth');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('lang', 'en-NG');
    expect(input).toHaveAccessibleDescription('Chosen: 1 May 1990.');
    fireEvent.change(input, { target: { value: '1990-12-25' } });
    expect(input).toHaveAccessibleDescription('Chosen: 25 Dec 1990.');
  });

  it('says nothing until a valid day is chosen, and keeps its own hint', () => {
    render(<DateField label="Start" hint="Whole days in UTC." defaultValue="" />);
    expect(screen.getByLabelText('Start')).toHaveAccessibleDescription('Whole days in UTC.');
  });

  it('reads a local date and time too', () => {
    expect(chosenDateText('2026-11-23T14:05', 'datetime-local')).toBe('23 Nov 2026, 14:05');
    expect(chosenDateText('', 'date')).toBeNull();
  });
});

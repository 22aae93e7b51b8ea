import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmsHeldFigures } from './sms-held-panel';

const budget = { perRecipientHour: 6, perOrder: 12, perDay: 5000, settleSeconds: 120 };

describe('the SMS budget for the super admin (issue 31)', () => {
  it('counts the texts each cap held back, with the caps in words', () => {
    render(
      <SmsHeldFigures
        data={{
          since: '2026-11-28T12:00:00.000Z',
          held: { recipientHour: 3, order: 1, platformDay: 0, superseded: 2 },
          budget,
        }}
      />,
    );
    expect(screen.getByText(/6 texts were held back/)).toBeInTheDocument();
    expect(screen.getByText('Over 6 texts to one number in an hour').nextElementSibling).toHaveTextContent(
      '3',
    );
    expect(
      screen.getByText('Replaced by a newer text within 120 seconds').nextElementSibling,
    ).toHaveTextContent('2');
  });

  it('says plainly when nothing was held', () => {
    render(
      <SmsHeldFigures
        data={{
          since: '2026-11-28T12:00:00.000Z',
          held: { recipientHour: 0, order: 0, platformDay: 0, superseded: 0 },
          budget,
        }}
      />,
    );
    expect(screen.getByText(/No text was held back/)).toBeInTheDocument();
  });
});

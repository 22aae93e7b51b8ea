import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline';

describe('the order timeline', () => {
  it('says which hand-overs were confirmed by scanning the parcel label', () => {
    render(
      <OrderTimeline
        entries={[
          {
            status: 'picked_up',
            knownName: 'Picked up',
            activity: 'Collected from the store.',
            createdAt: '2026-11-29T09:00:00.000Z',
            parcelScanned: true,
          },
          {
            status: 'in_transit',
            knownName: 'In transit',
            activity: 'On the way.',
            createdAt: '2026-11-29T10:00:00.000Z',
            parcelScanned: false,
          },
        ]}
      />,
    );
    const [pickedUp, inTransit] = screen.getAllByRole('listitem');
    expect(pickedUp).toHaveTextContent('Parcel label scanned at this hand-over');
    expect(inTransit).not.toHaveTextContent('Parcel label scanned');
  });
});

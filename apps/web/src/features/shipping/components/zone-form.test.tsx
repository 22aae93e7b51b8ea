import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { ZoneForm } from './zone-form';

afterEach(() => vi.unstubAllGlobals());

const zones = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'South West',
    states: ['Lagos', 'Ogun', 'Oyo'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

function serve() {
  const recorder = recordFetch(({ method, body }) =>
    method === 'POST'
      ? jsonResponse(201, { message: 'Zone created', data: { ...zones[0], ...(body as object), id: 'new' } })
      : jsonResponse(404, { message: 'Not found' }),
  );
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('ZoneForm', () => {
  it('marks states another zone holds and refuses them before sending', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<ZoneForm zones={zones} onDone={vi.fn()} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(37);
    expect(screen.getByRole('checkbox', { name: /^Lagos\s*· in South West$/ })).not.toBeChecked();
    await person.type(screen.getByLabelText('Zone name'), 'Lagos corridor');
    await person.click(screen.getByRole('checkbox', { name: /^Lagos\s*· in South West$/ }));
    await person.click(screen.getByRole('checkbox', { name: 'Edo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Lagos (in South West)');
    await person.click(screen.getByRole('button', { name: 'Create zone' }));
    expect(calls).toHaveLength(0);

    await person.click(screen.getByRole('checkbox', { name: /^Lagos\s*· in South West$/ }));
    expect(screen.queryByText(/Lagos \(in South West\)/)).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ name: 'Lagos corridor', states: ['Edo'] });
  });

  it('lets a zone keep its own states when it is edited', async () => {
    serve();
    renderScreen(<ZoneForm zone={zones[0]} zones={zones} onDone={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Lagos' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

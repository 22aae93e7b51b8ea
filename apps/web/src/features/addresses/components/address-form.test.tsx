import { shippingAddressEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSignedInForEachTest } from '../../../test/fixtures-checkout';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { AddressForm } from './address-form';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

customerSignedInForEachTest();
afterEach(() => {
  toasts.error.mockReset();
  toasts.success.mockReset();
});

describe('AddressForm', () => {
  it('says what is missing and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    renderScreen(<AddressForm onDone={vi.fn()} onCancel={vi.fn()} />);
    await person.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('LGA is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the LGAs of the chosen state and adds the address', async () => {
    const onDone = vi.fn();
    const fetchMock = mockFetch((_url, _method, body) =>
      jsonResponse(201, {
        message: 'Shipping address added successfully',
        data: {
          id: 'd0000000-0000-4000-8000-00000000000d',
          ...(body as object),
          phoneNumber: '+2348031234567',
          default: true,
          createdAt: '2030-01-01T00:00:00.000Z',
          updatedAt: '2030-01-01T00:00:00.000Z',
        },
      }),
    );
    const person = userEvent.setup();
    renderScreen(<AddressForm onDone={onDone} onCancel={vi.fn()} />);
    const lga = screen.getByLabelText('LGA');
    expect(within(lga).getAllByRole('option')).toHaveLength(1);
    await person.selectOptions(screen.getByLabelText('State'), 'Lagos');
    const options = within(lga)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Ikeja');
    expect(options).toContain('Eti Osa');
    expect(options).not.toContain('Nsukka');
    await person.selectOptions(lga, 'Ikeja');
    // another state empties the LGA
    await person.selectOptions(screen.getByLabelText('State'), 'Enugu');
    expect(lga).toHaveValue('');
    await person.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await person.selectOptions(lga, 'Ikeja');
    await person.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await person.type(screen.getByLabelText('Phone number'), '08031234567');
    await person.type(screen.getByLabelText('Email'), 'ada@demo.ng');
    await person.type(screen.getByLabelText('Street address'), '12 Allen Avenue');
    await person.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(urlOf(shippingAddressEndpoints.add));
    expect(JSON.parse(String(init?.body))).toMatchObject({ stateOrRegion: 'Lagos', lga: 'Ikeja' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Shipping address added successfully'));
  });

  it('toasts the failure and shows the server reason on the field', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        details: [{ path: 'phoneNumber', message: 'Enter a Nigerian phone number' }],
      }),
    );
    const person = userEvent.setup();
    renderScreen(<AddressForm onDone={vi.fn()} onCancel={vi.fn()} />);
    await person.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await person.type(screen.getByLabelText('Phone number'), '+1 555 0100');
    await person.type(screen.getByLabelText('Email'), 'ada@demo.ng');
    await person.type(screen.getByLabelText('Street address'), '12 Allen Avenue');
    await person.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await person.selectOptions(screen.getByLabelText('LGA'), 'Ikeja');
    await person.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findAllByText('Enter a Nigerian phone number')).not.toHaveLength(0);
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Failed to add shipping address', {
        description: 'Enter a Nigerian phone number',
      }),
    );
  });
});

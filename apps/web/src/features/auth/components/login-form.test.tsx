import { authEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach } from '../../../test/session';
import { LoginForm } from './login-form';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

const user = {
  id: 'm1',
  firstName: 'Chidi',
  lastName: 'Obi',
  email: 'chidi@example.ng',
  phoneNumber: null,
  category: null,
  role: 'owner',
  storeId: 's1',
  storeName: 'Chidi Stores',
  storeUrl: 'chidi-stores',
  isRegisteredBusiness: false,
  image: null,
  lastLogin: null,
  accountType: 'merchant',
  isActive: true,
  emailConfirmed: true,
};

async function fillAndSubmit(email = 'chidi@example.ng', password = 'Secret123!') {
  const person = userEvent.setup();
  await person.type(screen.getByLabelText('Email'), email);
  await person.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await person.click(screen.getByRole('button', { name: 'Sign in' }));
  return person;
}

forgetSessionsAfterEach();
afterEach(() => {
  vi.mocked(toast.error).mockClear();
});

describe('LoginForm', () => {
  it('says a refused sign-in once, in the form, announced, and shows no toast', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Incorrect email or password', error: 'UNAUTHORIZED' }));
    renderScreen(<LoginForm kind="customer" />);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect email or password');
    expect(screen.getAllByText('Incorrect email or password')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says a network failure once, in the form, with no toast', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen(<LoginForm kind="admin" />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Check network connection');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('validates with the contract schema before calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderScreen(<LoginForm kind="merchant" />);
    await fillAndSubmit('not-an-email', 'x');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the first 422 detail from the server', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        message: 'Invalid input',
        error: 'VALIDATION_ERROR',
        details: [
          { path: 'email', message: 'This email is not allowed' },
          { path: 'password', message: 'Second problem' },
        ],
      }),
    );
    renderScreen(<LoginForm kind="merchant" />);
    await fillAndSubmit();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('This email is not allowed');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to resend the confirmation mail when the email is not confirmed', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith(urlOf(authEndpoints.merchant.login))) {
        return jsonResponse(403, {
          message: 'Please confirm your email address first.',
          error: 'EMAIL_NOT_CONFIRMED',
        });
      }
      if (url.endsWith(urlOf(authEndpoints.merchant.resendConfirmation))) {
        return jsonResponse(200, { message: 'We have sent a new confirmation link.' });
      }
      return jsonResponse(404, {});
    });
    renderScreen(<LoginForm kind="merchant" />);
    const person = await fillAndSubmit();
    expect(await screen.findByText('Please confirm your email address first.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('We have sent a new confirmation link.')).toBeInTheDocument();
    const resend = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/resend-confirmation'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'chidi@example.ng' });
    // no refresh is attempted for a login answer
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('refresh-token'))).toBe(false);
  });

  it('saves the session under the account type and follows `next`', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Signed in successfully',
        data: { accessToken: 'access-1', refreshToken: 'refresh-1', user },
      }),
    );
    const { router } = renderScreen(<LoginForm kind="merchant" />, {
      route: '/merchant/login?next=%2Flanded%2Fmerchant',
    });
    // `next` must stay inside the merchant area; /landed is not, so the merchant home is used
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant'));
    expect(localStorage.getItem('merchant.token')).toBe('access-1');
    expect(localStorage.getItem('merchant.refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('merchant.user') ?? '{}').storeName).toBe('Chidi Stores');
    expect(localStorage.getItem('customer.token')).toBeNull();
  });
});

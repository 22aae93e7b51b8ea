import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import {
  createToastDeduper,
  DEFAULT_API_ERROR,
  DEFAULT_UNKNOWN_ERROR,
  errorToastMessage,
  TOAST_DEDUPE_WINDOW_MS,
} from './toast-rules';

describe('errorToastMessage', () => {
  it("shows the server's message, else its error field", () => {
    expect(
      errorToastMessage(new ApiError(409, 'CONFLICT', 'An account with this email already exists')),
    ).toBe('An account with this email already exists');
    expect(errorToastMessage(new ApiError(404, 'NOT_FOUND', ''))).toBe('NOT_FOUND');
  });

  it('shows the first detail of a 422', () => {
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Invalid input', [
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(errorToastMessage(error)).toBe('Enter a valid email address');
  });

  it('falls back to the defaults', () => {
    expect(errorToastMessage(new ApiError(502, 'UNKNOWN', ''))).toBe(DEFAULT_API_ERROR);
    expect(DEFAULT_API_ERROR).toBe('Unexpected error');
    expect(errorToastMessage(new Error('boom'))).toBe(DEFAULT_UNKNOWN_ERROR);
    expect(DEFAULT_UNKNOWN_ERROR).toBe('Sorry, something went wrong');
    expect(errorToastMessage(new ApiError(500, 'UNKNOWN', ''), { fallback: 'Could not get orders.' })).toBe(
      'Could not get orders.',
    );
  });

  it('shows nothing for aborted requests and 401 answers', () => {
    expect(errorToastMessage(new NetworkError('abort'))).toBeNull();
    expect(errorToastMessage(new ApiError(401, 'TOKEN_EXPIRED', 'Your session has expired'))).toBeNull();
    expect(errorToastMessage(new DOMException('aborted', 'AbortError'))).toBeNull();
  });

  it('maps network failures to the messages of the catalogue', () => {
    expect(errorToastMessage(new NetworkError('network'))).toBe('Check network connection');
    expect(errorToastMessage(new NetworkError('timeout'), { network: 'default' })).toBe(
      'Check network connection',
    );
    expect(errorToastMessage(new NetworkError('network'), { network: 'password' })).toBe(
      'Please check your internet and try again',
    );
  });

  it('shows 403 and 429 messages', () => {
    expect(errorToastMessage(new ApiError(403, 'FORBIDDEN', 'Only a super admin can do this'))).toBe(
      'Only a super admin can do this',
    );
    expect(
      errorToastMessage(
        new ApiError(403, 'FORBIDDEN', 'Your role (inventory) does not have the coupons:write permission'),
      ),
    ).toBe('Your role does not allow this. Ask whoever manages your account if you need it.');
    expect(errorToastMessage(new ApiError(429, 'RATE_LIMITED', 'Too many attempts', [], 30))).toBe(
      'Too many attempts',
    );
  });
});

describe('createToastDeduper', () => {
  it('shows the same message once within 1200 ms', () => {
    let now = 1_000;
    const shouldShow = createToastDeduper(TOAST_DEDUPE_WINDOW_MS, () => now);
    expect(shouldShow('Check network connection')).toBe(true);
    now += 500;
    expect(shouldShow('Check network connection')).toBe(false);
    expect(shouldShow('Another message')).toBe(true);
    now += 1_199;
    expect(shouldShow('Another message')).toBe(false);
    now = 1_000 + TOAST_DEDUPE_WINDOW_MS;
    expect(shouldShow('Check network connection')).toBe(true);
  });
});

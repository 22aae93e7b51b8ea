import { z } from 'zod';
import { access } from './access.js';
import { email, isoDateTime, personName, phoneNumber, tokenParam } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, messageOnly } from './envelope.js';

// The customer's own profile (issue 9): name, phone and photo; an email change takes effect only when the new
// address confirms it through a mailed link. The password change is `/auth/user/change-password`.

export const EMAIL_CHANGE_SENT =
  'We have sent a confirmation link to your new email address. Your email changes when you follow it.';
export const EMAIL_CHANGED = 'Your email address has been changed.';
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

export const customerProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  image: z.string().nullable(),
  /** An address waiting for its confirmation link to be followed. */
  pendingEmail: z.string().nullable(),
  /** Marketing mail and SMS, off until the customer turns them on (ADR 073); when they last chose. */
  marketingConsent: z.boolean(),
  marketingConsentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type CustomerProfile = z.infer<typeof customerProfile>;

export const updateProfileBody = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  phoneNumber: phoneNumber.nullable(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const changeEmailBody = z.object({
  newEmail: email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

const tags = ['Customer profile'];

export const customerProfileEndpoints = {
  get: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/auth/customer/profile',
    summary: 'Your profile',
    tags,
    access: access.customer,
    response: envelope(customerProfile),
  }),
  update: defineEndpoint({
    surface: 'api',
    method: 'PUT',
    path: '/auth/customer/profile',
    summary: 'Change your name and phone number',
    tags,
    access: access.customer,
    body: updateProfileBody,
    response: envelope(customerProfile),
  }),
  photo: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/customer/profile/photo',
    summary: 'Upload your profile photo (JPEG, PNG or WebP); it replaces the old one at once',
    tags,
    access: access.customer,
    upload: { field: 'photo' },
    response: envelope(customerProfile),
    status: 201,
  }),
  removePhoto: defineEndpoint({
    surface: 'api',
    method: 'DELETE',
    path: '/auth/customer/profile/photo',
    summary: 'Remove your profile photo',
    tags,
    access: access.customer,
    response: envelope(customerProfile),
  }),
  changeEmail: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/customer/change-email',
    summary: 'Ask to change your email: a confirmation link goes to the new address',
    tags,
    access: access.customer,
    serverChecks: { password: 'must be the current password' },
    errors: [429],
    body: changeEmailBody,
    response: messageOnly,
  }),
  confirmEmailChange: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/auth/customer/confirm-email-change/:token',
    summary: 'Confirm a new email address with the mailed link',
    tags,
    access: access.public,
    params: tokenParam,
    response: envelope(z.object({ email: z.string() })),
  }),
};

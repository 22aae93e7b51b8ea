import { z } from 'zod';
import { access } from './access.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';

// Platform testimonials of issue 9: customers send a few words about Naija Market; an admin approves them before
// they show on the home page. (Store testimonials of the themes service are a different thing, under /themes-api.)

export const testimonialStatuses = ['pending', 'approved', 'rejected'] as const;
export type TestimonialStatus = (typeof testimonialStatuses)[number];

export const TESTIMONIAL_SENT = 'Thank you! Your testimonial will show once our team has approved it.';

export const platformTestimonialBody = z.object({
  text: z
    .string({ error: 'Write your testimonial' })
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(600, 'At most 600 characters'),
  rating: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
});
export type PlatformTestimonialBody = z.input<typeof platformTestimonialBody>;

/** What the home page shows: the author's first name and initial. */
export const publicPlatformTestimonial = z.object({
  id: z.string(),
  text: z.string(),
  rating: z.number().int(),
  authorName: z.string(),
  createdAt: isoDateTime,
});
export type PublicPlatformTestimonial = z.infer<typeof publicPlatformTestimonial>;

export const platformTestimonial = publicPlatformTestimonial.extend({
  status: z.enum(testimonialStatuses),
  decidedAt: isoDateTime.nullable(),
});
export type PlatformTestimonial = z.infer<typeof platformTestimonial>;

export const testimonialsPage = z.object({ testimonials: z.array(platformTestimonial), pagination });

const tags = ['Testimonials'];

export const platformTestimonialEndpoints = {
  approved: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/testimonials/platform',
    summary: 'Approved platform testimonials for the home page, newest first (at most 12)',
    tags,
    access: access.public,
    response: envelope(z.array(publicPlatformTestimonial)),
  }),
  send: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/testimonials/platform',
    summary: 'Send a testimonial about Naija Market (shown after an admin approves it)',
    tags,
    access: access.customer,
    errors: [429],
    body: platformTestimonialBody,
    response: envelope(platformTestimonial),
    status: 201,
  }),
  mine: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/testimonials/platform/mine',
    summary: 'Your testimonials and whether they were approved',
    tags,
    access: access.customer,
    response: envelope(z.array(platformTestimonial)),
  }),
  adminList: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/testimonials/platform/admin',
    summary: 'Platform testimonials by status, oldest pending first',
    tags,
    access: access.admin('testimonials:moderate'),
    query: pageQuery.extend({ status: z.enum(testimonialStatuses).default('pending') }),
    response: envelope(testimonialsPage),
  }),
  approve: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/testimonials/platform/admin/:id/approve',
    summary: 'Approve a testimonial: it shows on the home page',
    tags,
    access: access.admin('testimonials:moderate'),
    params: z.object({ id: uuid }),
    response: envelope(platformTestimonial),
  }),
  reject: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/testimonials/platform/admin/:id/reject',
    summary: 'Reject a testimonial (or take an approved one off the home page)',
    tags,
    access: access.admin('testimonials:moderate'),
    params: z.object({ id: uuid }),
    response: envelope(platformTestimonial),
  }),
};

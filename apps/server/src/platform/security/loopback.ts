import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True only for a caller on this machine: the socket's own remote address (never a forwarded header, which any
 * client can write), and no proxy on this machine relaying someone else.
 */
export function isLoopbackCaller(request: FastifyRequest): boolean {
  const remote = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(remote)) return false;
  return request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; secrets in headers and bodies never reach them. */
export function createLogger(config: Config, enabled: boolean): Logger {
  return pino({
    level: enabled ? config.logLevel : 'silent',
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refresh_token',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  });
}

import pino, { type Logger } from 'pino';

/** Structured JSON logs. Secrets and personal data are redacted wherever they appear by key. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'kollab-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'personalNumber',
        '*.personalNumber',
        'req.headers.cookie',
        'req.headers.authorization',
        '*.accountNumber',
        '*.iban',
      ],
      censor: '[redacted]',
    },
  });
}

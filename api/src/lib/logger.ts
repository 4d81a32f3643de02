import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs (to stdout unless `destination` is given). Secrets and personal data are
 * redacted wherever they appear by key.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}

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

/**
 * `parent.child(bindings)`, made only when first used. Each request has its own logger carrying its
 * id, but most requests log nothing themselves, and a pino child costs its bindings serialised and
 * redacted (issue 21: a few microseconds and garbage on every request).
 */
export function lazyChild(parent: Logger, bindings: pino.Bindings): Logger {
  let child: Logger | undefined;
  return new Proxy(parent, {
    get(_parent, property) {
      child ??= parent.child(bindings);
      const value = Reflect.get(child, property, child);
      return typeof value === 'function' ? value.bind(child) : value;
    },
    set(_parent, property, value) {
      child ??= parent.child(bindings);
      return Reflect.set(child, property, value, child);
    },
  });
}

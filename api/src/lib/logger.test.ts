import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, lazyChild } from './logger.ts';

/** A logger writing into an array of parsed lines. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

describe('lazyChild', () => {
  it('writes what a child logger writes, with its bindings, redaction included', async () => {
    const { logger, lines } = capture();
    const lazy = lazyChild(logger, { requestId: 'r-1' });
    logger.child({ requestId: 'r-1' }).warn({ password: 'hemligt', n: 1 }, 'child');
    lazy.warn({ password: 'hemligt', n: 1 }, 'child');
    lazy.child({ step: 'inner' }).error('inner');
    lazy.debug('not at info level');
    expect(lazy.isLevelEnabled('debug')).toBe(false);
    expect(lazy.level).toBe('info');
    await new Promise((resolve) => setImmediate(resolve));
    const withoutTime = lines.map(({ time, ...rest }) => rest);
    expect(withoutTime).toEqual([
      { level: 40, service: 'kollab-api', requestId: 'r-1', password: '[redacted]', n: 1, msg: 'child' },
      { level: 40, service: 'kollab-api', requestId: 'r-1', password: '[redacted]', n: 1, msg: 'child' },
      { level: 50, service: 'kollab-api', requestId: 'r-1', step: 'inner', msg: 'inner' },
    ]);
  });

  it('makes the child only when the logger is used', () => {
    const { logger } = capture();
    let made = 0;
    const counting = new Proxy(logger, {
      get(target, property, receiver) {
        if (property === 'child') made += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const lazy = lazyChild(counting, { requestId: 'r-2' });
    expect(made).toBe(0);
    lazy.info('first');
    lazy.info('second');
    expect(made).toBe(1);
  });
});

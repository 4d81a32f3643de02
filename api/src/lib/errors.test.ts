import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod } from './errors.ts';
import './zod-messages.ts';

function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be invalid');
  return result.error;
}

describe('fieldErrorsFromZod', () => {
  it('groups messages by dotted path, unknown keys by their own name and body-wide issues under $', () => {
    const schema = z.strictObject({ title: z.string(), budget: z.strictObject({ amount: z.number() }) });
    expect(fieldErrorsFromZod(issuesOf(schema, { title: 1, budget: { amount: 'x', extra: 1 } }))).toEqual({
      title: ['invalid_type'],
      'budget.amount': ['invalid_type'],
      'budget.extra': ['unknown_field'],
    });
    expect(fieldErrorsFromZod(issuesOf(schema, 'text'))).toEqual({
      $: ['invalid_type'],
    });
  });

  // Found by the API fuzzer: a body {"constructor": null} made `fields.constructor ??= []` keep
  // Object and `.push` throw, so the client got a 500 instead of a 422.
  it('names client keys that exist on Object.prototype as ordinary fields', () => {
    const schema = z.strictObject({ reference: z.string().nullable() });
    const body = JSON.parse('{"reference":null,"constructor":null,"__proto__":1,"toString":2}');
    const fields = fieldErrorsFromZod(issuesOf(schema, body));
    expect(Object.keys(fields)).toEqual(['constructor', '__proto__', 'toString']);
    expect(fields.constructor).toEqual(['unknown_field']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['unknown_field']);
    expect(JSON.stringify(fields)).toBe(
      '{"constructor":["unknown_field"],"__proto__":["unknown_field"],"toString":["unknown_field"]}',
    );
  });

  it('collects several messages for the same path named after an Object.prototype member', () => {
    const schema = z.object({ constructor: z.string().min(5).regex(/^\d+$/) });
    expect(fieldErrorsFromZod(issuesOf(schema, { constructor: 'ab' }))).toEqual({
      constructor: ['too_short', 'invalid_format'],
    });
  });
});

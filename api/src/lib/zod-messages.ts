import { z } from 'zod';

/*
 * Field messages are codes, never sentences: the portal and site translate `validation.<code>`
 * (STYLE §4). Schemas that give their own message keep it; every other zod issue gets one of these.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? 'required' : 'invalid_type';
      case 'too_small':
        return issue.origin === 'string' ? 'too_short' : issue.origin === 'array' ? 'too_few' : 'too_small';
      case 'too_big':
        return issue.origin === 'string' ? 'too_long' : issue.origin === 'array' ? 'too_many' : 'too_large';
      case 'invalid_format':
        return issue.format === 'email' ? 'invalid_email' : issue.format === 'url' ? 'invalid_url' : 'invalid_format';
      case 'unrecognized_keys':
        return 'unknown_field';
      default:
        return 'invalid_value';
    }
  },
});

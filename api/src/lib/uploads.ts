import type { Context } from 'hono';
import { AppError } from './errors.ts';

/**
 * The bytes of the `file` field of a multipart upload.
 * @throws bad_request (not multipart), validation_failed (file: required)
 */
export async function readUploadedFile(c: Context): Promise<Uint8Array> {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError('bad_request', 'Expected multipart/form-data');
  });
  const file = form.file;
  if (!(file instanceof File)) throw AppError.validation({ file: ['required'] }, 'No file in the upload');
  return new Uint8Array(await file.arrayBuffer());
}

import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { UpdateUserBodySchema, UserEnvelopeSchema } from '@kollab/contract/api/users';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorContent, errorResponses } from '../../lib/openapi.ts';
import { readUploadedFile } from '../../lib/uploads.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { isRecentSignIn } from '../auth/reauthentication.ts';
import { findAvatar, getUser, setAvatar, updateUser } from './users.service.ts';

const tags = ['Users'];
const userResponse = { description: 'The user', content: { 'application/json': { schema: UserEnvelopeSchema } } };
const notFound = { 404: errorContent('No such user, or not yours') };

export const userRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/get/{id}',
      tags,
      summary: 'A user: yourself, or anyone for admins',
      request: { params: IdParamSchema },
      responses: { 200: userResponse, ...errorResponses, ...authErrorResponses, ...notFound },
    }),
    async (c) => {
      const actor = requireUser(c);
      return c.json({ data: await getUser(c.var, actor, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/update/{id}',
      tags,
      summary: 'Update your account (admins: anyone, including the role)',
      request: {
        params: IdParamSchema,
        body: { content: { 'application/json': { schema: UpdateUserBodySchema } }, required: true },
      },
      responses: { 200: userResponse, ...errorResponses, ...authErrorResponses, ...notFound },
    }),
    async (c) => {
      const actor = requireUser(c);
      const user = await updateUser(c.var, actor, c.req.valid('param').id, c.req.valid('json'), {
        recentSignIn: isRecentSignIn(c),
      });
      return c.json({ data: user }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/avatar',
      tags,
      summary: 'Upload a profile picture (JPEG, PNG or WebP, at most 5 MB)',
      request: {
        body: {
          content: {
            'multipart/form-data': {
              schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }),
            },
          },
          required: true,
        },
      },
      responses: { 200: userResponse, ...errorResponses, ...authErrorResponses, 413: errorContent('Too large') },
    }),
    async (c) => {
      const actor = requireUser(c);
      return c.json({ data: await setAvatar(c.var, actor, await readUploadedFile(c)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/avatar/{id}',
      tags,
      summary: "A user's profile picture",
      request: { params: IdParamSchema },
      responses: { 200: { description: 'WebP image', content: { 'image/webp': { schema: z.any() } } }, ...notFound },
    }),
    async (c) => {
      const avatar = await findAvatar(c.var, c.req.valid('param').id);
      if (!avatar) throw new AppError('not_found', 'No profile picture');
      return c.body(new Uint8Array(avatar.data), 200, {
        'Content-Type': avatar.contentType,
        'Cache-Control': 'public, max-age=86400',
      });
    },
  );

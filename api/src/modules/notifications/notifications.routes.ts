import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import {
  MailPreferencesBodySchema,
  MailPreferencesEnvelopeSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationSchema,
  UnreadCountSchema,
} from '@kollab/contract/api/notifications';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import { getMailPreferences, updateMailPreferences } from './mail-preferences.service.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service.ts';

const tags = ['Notifications'];
const common = { ...errorResponses, ...authErrorResponses };

export const notificationRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      tags,
      summary: "The signed-in user's notifications, newest first (keyset pages), with the unread count",
      request: { query: NotificationListQuerySchema },
      responses: { 200: jsonContent(NotificationListSchema, 'A page of notifications'), ...common },
    }),
    async (c) => c.json(await listNotifications(c.get('db'), requireUser(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/read-all',
      tags,
      summary: "Marks all the signed-in user's notifications read",
      responses: { 200: jsonContent(UnreadCountSchema, 'Nothing left unread'), ...common },
    }),
    async (c) => c.json(await markAllNotificationsRead(c.get('db'), requireUser(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/notifications/{id}/read',
      tags,
      summary: 'Marks one of the signed-in user’s notifications read',
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(
          z.object({ data: NotificationSchema, unreadCount: z.number() }).meta({ id: 'NotificationReadResponse' }),
          'The notification, read, and what is left unread',
        ),
        ...common,
        404: errorContent('Not found, or not the caller’s'),
      },
    }),
    async (c) => c.json(await markNotificationRead(c.get('db'), requireUser(c), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/notifications/mail-preferences',
      tags,
      summary: 'Which non-transactional mails the signed-in user gets (account, receipts and payouts always go)',
      responses: { 200: jsonContent(MailPreferencesEnvelopeSchema, 'The choices'), ...common },
    }),
    async (c) => c.json({ data: await getMailPreferences(c.get('db'), requireUser(c).id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/notifications/mail-preferences',
      tags,
      summary: 'Turns non-transactional mail categories on or off; those left out keep their setting',
      request: jsonBody(MailPreferencesBodySchema),
      responses: { 200: jsonContent(MailPreferencesEnvelopeSchema, 'The choices now'), ...common },
    }),
    async (c) =>
      c.json({ data: await updateMailPreferences(c.get('db'), requireUser(c).id, c.req.valid('json')) }, 200),
  );

import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { keysetAnswerFields } from '@kollab/contract/api/list-query';
import {
  BlockedPayeeSchema,
  CreateBatchBodySchema,
  CreateBatchResultSchema,
  ListPayoutBatchesQuerySchema,
  ListPayoutsQuerySchema,
  PayoutAnswerPreviewSchema,
  PayoutBatchSchema,
  PayoutSchema,
  SwishPayoutCallbackSchema,
} from '@kollab/contract/api/payouts';
import { WithdrawalSchema } from '@kollab/contract/api/withdrawals';
import type { Withdrawal } from '@kollab/db/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { requireIdempotencyKey } from '../../lib/idempotency.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { windowOf } from '../admin/list-query.ts';
import { readBankFile } from '../billing/billing-admin.routes.ts';
import { mailWithdrawal, toWithdrawalView } from '../withdrawals/withdrawals.service.ts';
import { importPayoutAnswer, previewPayoutAnswer } from './answers.service.ts';
import { createBatch, exportBatch, getBatch, listBatches, toBatchView } from './batches.service.ts';
import { listBlockedPayees, listPayouts } from './payouts.queries.ts';
import { handleSwishCallback, refreshSwishPayout, sendSwishPayout } from './swish.service.ts';

const tags = ['Payouts (admin)'];
const common = { ...errorResponses, ...authErrorResponses };
const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({ param: { name: 'Idempotency-Key', in: 'header', required: true }, example: '5d1c0b7e-…' }),
});
const fileBody = {
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }),
      },
    },
    required: true,
  },
};

const swishDeps = (c: Context<AppEnv>) => ({ ...c.var, swish: c.get('swish') });

/** Mails each creator once, about where their withdrawal ended up (a file may pay and then return it). */
function mailLast(c: Context<AppEnv>, changed: Withdrawal[]) {
  const last = new Map(changed.map((row) => [row.id, row]));
  c.get('afterResponse').run(c, 'payout answer mails', async () => {
    for (const row of last.values()) await mailWithdrawal(c.var, row);
  });
}

export const payoutRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payout-batches',
      tags,
      summary: 'Admin: payout batches, newest first',
      request: { query: ListPayoutBatchesQuerySchema },
      responses: {
        200: jsonContent(z.object({ data: z.array(PayoutBatchSchema), ...keysetAnswerFields }), 'A page of batches'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      return c.json(await listBatches(c.get('db'), query, windowOf(query)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payout-batches',
      tags,
      summary:
        'Admin: a batch from requested bank and IBAN withdrawals (held ones and those already batched are skipped)',
      request: jsonBody(CreateBatchBodySchema),
      responses: { 201: jsonContent(CreateBatchResultSchema, 'The batch and what was left out'), ...common },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { batch, sent, skipped } = await createBatch(c.get('db'), c.get('secrets'), admin, c.req.valid('json'));
      c.get('afterResponse').run(c, 'payout batch mails', async () => {
        for (const row of sent) await mailWithdrawal(c.var, row);
      });
      return c.json({ data: await toBatchView(c.get('db'), batch), skipped }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payout-batches/{id}',
      tags,
      summary: 'Admin: one payout batch',
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(z.object({ data: PayoutBatchSchema }), 'The batch'),
        ...common,
        404: errorContent('No such batch'),
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return c.json({ data: await getBatch(c.get('db'), c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payout-batches/{id}/pain001',
      tags,
      summary: 'Admin: the batch as an ISO 20022 pain.001.001.03 file (the same file on every export)',
      request: { params: IdParamSchema },
      responses: {
        200: { description: 'pain.001.001.03', content: { 'application/xml': { schema: z.string() } } },
        ...common,
        404: errorContent('No such batch'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const { batch, xml } = await exportBatch(
        c.get('db'),
        c.get('env'),
        c.get('secrets'),
        admin,
        c.req.valid('param').id,
      );
      return c.body(xml, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${batch.messageId}.xml"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payouts',
      tags,
      summary: 'Admin: payouts by rail, batch and status',
      request: { query: ListPayoutsQuerySchema },
      responses: {
        200: jsonContent(z.object({ data: z.array(PayoutSchema), ...keysetAnswerFields }), 'A page of payouts'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const query = c.req.valid('query');
      return c.json(await listPayouts(c.get('db'), query, windowOf(query)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/payouts/blocked',
      tags,
      summary: 'Admin: requested withdrawals that cannot be paid now, and why',
      responses: {
        200: jsonContent(z.object({ data: z.array(BlockedPayeeSchema), total: z.number() }), 'Blocked payees'),
        ...common,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const data = await listBlockedPayees(c.get('db'), c.get('secrets'));
      return c.json({ data, total: data.length }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payouts/answers/preview',
      tags,
      summary: "Admin: what importing the bank's answer (camt.054 or pain.002) would do; changes nothing",
      request: fileBody,
      responses: { 200: jsonContent(z.object({ data: PayoutAnswerPreviewSchema }), 'The preview'), ...common },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const file = await readBankFile(c);
      return c.json({ data: await previewPayoutAnswer(c.get('db'), file.bytes) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payouts/answers',
      tags,
      summary:
        "Admin: import the bank's answer: payouts become paid or returned (returned money goes back to the creator)",
      request: fileBody,
      responses: {
        200: jsonContent(z.object({ data: PayoutAnswerPreviewSchema }), 'What was done'),
        ...common,
        409: errorContent('This file was imported before'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const file = await readBankFile(c);
      const { preview, changed } = await importPayoutAnswer(c.get('db'), admin, file);
      mailLast(c, changed);
      return c.json({ data: preview }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/withdrawals/{id}/swish',
      tags,
      summary: 'Admin: pay a Swish withdrawal through the Swish Payouts API (needs an Idempotency-Key)',
      request: { params: IdParamSchema, headers: idempotencyHeader },
      responses: {
        200: jsonContent(z.object({ data: WithdrawalSchema }), 'The withdrawal, now sent'),
        ...common,
        404: errorContent('No such withdrawal'),
        409: errorContent('Not requested, or held for review'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const key = requireIdempotencyKey(c);
      const result = await sendSwishPayout(swishDeps(c), admin, key, c.req.valid('param').id);
      return c.json(result.body, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/payouts/{id}/swish-status',
      tags,
      summary: "Admin: read a Swish payout's state from Swish and settle it (when a callback never came)",
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(z.object({ data: WithdrawalSchema.nullable() }), 'The withdrawal if it changed'),
        ...common,
        404: errorContent('No such Swish payout'),
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const changed = await refreshSwishPayout(swishDeps(c), { payoutId: c.req.valid('param').id });
      return c.json({ data: changed ? toWithdrawalView(changed) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payouts/swish/callback/{token}',
      tags: ['Payouts (Swish callback)'],
      summary: "Swish's callback for a payout; its state is then read from Swish itself",
      request: { params: z.object({ token: z.string().min(1).max(100) }), ...jsonBody(SwishPayoutCallbackSchema) },
      responses: {
        200: jsonContent(z.object({ ok: z.boolean() }), 'Received'),
        ...common,
        404: errorContent('Unknown payout'),
      },
    }),
    async (c) => {
      await handleSwishCallback(swishDeps(c), c.req.valid('param').token, c.req.valid('json'));
      return c.json({ ok: true }, 200);
    },
  );

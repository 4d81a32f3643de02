import type postgres from 'postgres';
import { batched, id, nthPublished, publishedCount, type ScaleSizes } from './scale-seed-sql.ts';

/** The money tables' rows at a size: what a marketplace with those campaigns and claims would hold. */
export function moneySizes(s: ScaleSizes) {
  const withdrawals = Math.round(s.claims / 10);
  return {
    /** One funding payment, one document (receipt or invoice) and one funding row per third published campaign. */
    payments: Math.floor(publishedCount(s) / 3),
    withdrawals,
    /** Bank payouts per batch file. */
    batchSize: 500,
    batches: Math.ceil(withdrawals / 500),
    /** Brands that buy provider data, each with a row for every day of a year. */
    usageBrands: Math.max(1, Math.round(s.brands / 40)),
    usageDays: 365,
  };
}

/**
 * The money tables, each row a pure function of its number. Payment k funds the 3k-th published
 * campaign (slots 1–10 of 1 000 kr, 15 % fee, 25 % moms on it), by invoice one in three, mostly
 * paid; its document is a receipt (card) or an invoice due in 30 days, already mailed (else the
 * API's mailing job would render and mail 300,000 PDFs during the run); its campaign's funding
 * closed for one in four, and for every campaign that ended (the closing job would have closed it). Withdrawal k: a creator's, 1 000–5 000 kr; one in ten requested, one in
 * ten rejected, the rest sent, paid or returned, each of those with a payout (by bank for even k,
 * in batch k / 500; by Swish otherwise). Provider usage: brand 40 u's row for each of 365 days.
 */
export async function seedMoney(sql: postgres.Sql, s: ScaleSizes): Promise<void> {
  const m = moneySizes(s);
  const at = (k: string) => `now() - ((${k}) % 730) * interval '1 day' - ((${k}) % 1440) * interval '1 minute'`;
  const budget = (k: string) => `(100000 * (1 + (${k}) % 10))`;
  const party = `'{"name":"Bench AB","addressLines":["Gatan 1","111 22 Stockholm"],"orgNumber":null}'::jsonb`;
  await batched(
    sql,
    m.payments,
    (from, to) => `
    insert into payments (id, brand_id, campaign_id, purpose, method, status, slots, payout_ore, creator_budget_ore,
                          fee_basis_points, fee_ore, vat_basis_points, vat_ore, amount_ore, received_ore, paid_at,
                          created_at, updated_at)
    select ${id('payment', 'k')}, ${id('brand', `${nthPublished('3 * k')} % ${s.brands}`)}, ${id('campaign', nthPublished('3 * k'))},
           'funding', case when k % 3 = 0 then 'invoice' else 'card' end::payment_method_kind,
           case when k % 20 = 1 then 'failed' when k % 20 = 2 then 'cancelled' else 'paid' end::payment_status,
           1 + k % 10, 100000, ${budget('k')}, 1500, ${budget('k')} * 15 / 100, 2500, ${budget('k')} * 15 / 400,
           ${budget('k')} * 115 / 100 + ${budget('k')} * 15 / 400,
           case when k % 20 > 2 then ${budget('k')} * 115 / 100 + ${budget('k')} * 15 / 400 else 0 end,
           case when k % 20 > 2 then ${at('k')} + interval '1 hour' end, ${at('k')}, now()
      from generate_series(${from}::bigint, ${to}) k`,
  );
  await batched(
    sql,
    m.payments,
    (from, to) => `
    insert into campaign_funding (campaign_id, funded_at, closed_at)
    select c.id, ${at('k')} + interval '1 hour',
           case when k % 4 = 0 or c.status = 'cancelled' or c.ends_at <= now() then least(now(), ${at('k')} + interval '60 days') end
      from generate_series(${from}::bigint, ${to}) k
      join campaigns c on c.id = ${id('campaign', nthPublished('3 * k'))}`,
  );
  await batched(
    sql,
    m.payments,
    (from, to) => `
    insert into billing_documents (id, kind, series, number, document_number, brand_id, campaign_id, payment_ref,
                                   issued_on, due_on, ocr, seller, buyer, lines, net_ore, vat_ore, total_ore, paid_ore,
                                   paid_at, mailed_at, created_at, updated_at)
    select ${id('document', 'k')}, case when k % 3 = 0 then 'invoice' else 'receipt' end::billing_document_kind,
           case when k % 3 = 0 then 'F' else 'R' end, 1001 + k, case when k % 3 = 0 then 'F' else 'R' end || (1001 + k),
           ${id('brand', `${nthPublished('3 * k')} % ${s.brands}`)}, ${id('campaign', nthPublished('3 * k'))}, ${id('payment', 'k')},
           (${at('k')})::date, case when k % 3 = 0 then (${at('k')})::date + 30 end,
           case when k % 3 = 0 then lpad(k::text, 10, '0') end,
           ${party} || '{"bankgiro":"123-4567"}'::jsonb, ${party}, '[]'::jsonb,
           ${budget('k')} * 115 / 100, ${budget('k')} * 15 / 400, ${budget('k')} * 115 / 100 + ${budget('k')} * 15 / 400,
           case when k % 20 > 2 then ${budget('k')} * 115 / 100 + ${budget('k')} * 15 / 400 else 0 end,
           case when k % 20 > 2 then ${at('k')} + interval '1 hour' end, ${at('k')} + interval '1 minute', ${at('k')}, now()
      from generate_series(${from}::bigint, ${to}) k`,
  );
  const status = `(case k % 10 when 0 then 'requested' when 1 then 'returned' when 2 then 'rejected' when 3 then 'sent' else 'paid' end)`;
  await batched(
    sql,
    m.withdrawals,
    (from, to) => `
    insert into withdrawals (id, user_id, amount_ore, payment_method_type, payment_method_masked, status, settled_at,
                             created_at)
    select ${id('withdrawal', 'k')}, ${id('creator', `(k * 13) % ${s.creators}`)}, 100000 * (1 + k % 5),
           case when k % 2 = 0 then 'bank_account' else 'swish' end::payment_method_type,
           case when k % 2 = 0 then '•••• 1234' else '070•••••12' end, ${status}::withdrawal_status,
           case when k % 10 > 2 then ${at('k')} + interval '2 days' end, ${at('k')}
      from generate_series(${from}::bigint, ${to}) k`,
  );
  await sql.unsafe(`
    insert into payout_batches (id, message_id, payout_count, total_ore, execution_date, export_count, created_at)
    select ${id('batch', 'b')}, 'KOLLAB-BENCH-' || b, ${m.batchSize / 2}, 0, to_char(now(), 'YYYY-MM-DD'), 1,
           now() - (${m.batches} - b) * interval '1 day'
      from generate_series(0::bigint, ${m.batches - 1}) b`);
  await batched(
    sql,
    m.withdrawals,
    (from, to) => `
    insert into payouts (id, withdrawal_id, batch_id, rail, end_to_end_id, amount_ore, status, return_reason, settled_at,
                         created_at)
    select ${id('payout', 'k')}, ${id('withdrawal', 'k')},
           case when k % 2 = 0 then ${id('batch', `k / ${m.batchSize}`)} end,
           case when k % 2 = 0 then 'bank' else 'swish' end::payout_rail, 'BENCH' || lpad(k::text, 12, '0'),
           100000 * (1 + k % 5), case k % 10 when 1 then 'returned' when 3 then 'sent' else 'paid' end::payout_status,
           case when k % 10 = 1 then 'AC04' end, case when k % 10 <> 3 then ${at('k')} + interval '2 days' end,
           ${at('k')} + interval '1 day'
      from generate_series(${from}::bigint, ${to}) k
     where k % 10 not in (0, 2)`,
  );
  await batched(
    sql,
    m.usageBrands * m.usageDays,
    (from, to) => `
    insert into provider_usage (user_id, day, credit_hundredths, raw_requests, requests, cache_hits, id)
    select ${id('brand', `(k % ${m.usageBrands}) * 40`)}, current_date - (k / ${m.usageBrands})::int,
           (k * 37) % 5000, k % 7, 1 + k % 40, k % 5, ${id('usage', 'k')}
      from generate_series(${from}::bigint, ${to}) k`,
  );
}

-- The campaigns that have ended, for the two jobs that run every minute and ask for them: pending
-- claims on ended campaigns expire (claims.jobs.ts) and the open escrow of ended or cancelled
-- campaigns closes (payments.jobs.ts). Without an index on ends_at each run was a parallel scan of
-- every campaign (0.6–1.2 s on both cores at 1,000,000 campaigns, a stall of every request in that
-- second, ADR 036 "Stalls"); with it the ended ones are an index range, joined to the pending claims
-- and the open funding by their own indexes.
CREATE INDEX "campaigns_ends_at_idx" ON "campaigns" USING btree ("ends_at");
CREATE TYPE "public"."payment_method_kind" AS ENUM('card', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('funding', 'top_up');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'requires_action', 'awaiting_payment', 'partially_paid', 'paid', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'campaign_escrow';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'campaign_reserved';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'brand_credit';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'platform_fee_revenue';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'platform_vat_output';--> statement-breakpoint
CREATE TABLE "campaign_funding" (
	"campaign_id" text PRIMARY KEY NOT NULL,
	"funded_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_receipts_amount_check" CHECK ("payment_receipts"."amount_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_ore" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"purpose" "payment_purpose" DEFAULT 'funding' NOT NULL,
	"method" "payment_method_kind" NOT NULL,
	"status" "payment_status" NOT NULL,
	"slots" integer NOT NULL,
	"payout_ore" bigint NOT NULL,
	"creator_budget_ore" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_ore" bigint NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"vat_ore" bigint NOT NULL,
	"credit_applied_ore" bigint DEFAULT 0 NOT NULL,
	"amount_ore" bigint NOT NULL,
	"received_ore" bigint DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"failure_code" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."slots" > 0 and "payments"."payout_ore" > 0 and "payments"."creator_budget_ore" = "payments"."payout_ore" * "payments"."slots"
        and "payments"."fee_ore" >= 0 and "payments"."vat_ore" >= 0 and "payments"."credit_applied_ore" >= 0 and "payments"."received_ore" >= 0
        and "payments"."amount_ore" = "payments"."creator_budget_ore" + "payments"."fee_ore" + "payments"."vat_ore" - "payments"."credit_applied_ore")
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "vat_rates_basis_points_check" CHECK ("vat_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balances" DROP CONSTRAINT "balances_creator_non_negative";--> statement-breakpoint
ALTER TABLE "campaign_funding" ADD CONSTRAINT "campaign_funding_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_source_reference_key" ON "payment_receipts" USING btree ("source","reference");--> statement-breakpoint
CREATE INDEX "payment_receipts_payment_id_idx" ON "payment_receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_brand_id_idx" ON "payment_refunds" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_refund_id_key" ON "payment_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "payments_brand_id_idx" ON "payments" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_campaign_id_idx" ON "payments" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_campaign" ON "payments" USING btree ("campaign_id") WHERE "payments"."status" in ('pending', 'requires_action', 'awaiting_payment', 'partially_paid');--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_non_negative" CHECK ("balances"."account"::text not in ('creator_available', 'creator_pending', 'campaign_escrow', 'campaign_reserved', 'brand_credit') or "balances"."amount_ore" >= 0);
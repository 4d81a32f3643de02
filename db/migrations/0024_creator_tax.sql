CREATE TYPE "public"."tax_status" AS ENUM('private', 'f_tax');--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'platform_tax_withheld';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'platform_employer_contributions';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'platform_vat_input';--> statement-breakpoint
CREATE TABLE "creator_earnings" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_title" text NOT NULL,
	"status" "tax_status" NOT NULL,
	"org_number" text,
	"payout_ore" bigint NOT NULL,
	"gross_ore" bigint NOT NULL,
	"contributions_ore" bigint NOT NULL,
	"tax_ore" bigint NOT NULL,
	"net_ore" bigint NOT NULL,
	"vat_ore" bigint DEFAULT 0 NOT NULL,
	"catch_up_contributions_ore" bigint DEFAULT 0 NOT NULL,
	"capped_gross_ore" bigint DEFAULT 0 NOT NULL,
	"contribution_basis_points" integer NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"under_threshold" boolean NOT NULL,
	"birth_year" integer,
	"paid_on" date NOT NULL,
	"period" text NOT NULL,
	"self_billing_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_earnings_sums_check" CHECK ("creator_earnings"."gross_ore" + "creator_earnings"."contributions_ore" = "creator_earnings"."payout_ore" and "creator_earnings"."tax_ore" + "creator_earnings"."net_ore" = "creator_earnings"."gross_ore"),
	CONSTRAINT "creator_earnings_non_negative_check" CHECK ("creator_earnings"."net_ore" >= 0 and "creator_earnings"."tax_ore" >= 0 and "creator_earnings"."contributions_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "creator_tax_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" "tax_status" NOT NULL,
	"org_number" text,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"birth_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_tax_profiles_f_tax_check" CHECK ("creator_tax_profiles"."status" = 'private' or "creator_tax_profiles"."org_number" is not null)
);
--> statement-breakpoint
CREATE TABLE "employer_contribution_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"min_age" integer,
	"max_age" integer,
	"max_birth_year" integer,
	"basis_points" integer NOT NULL,
	"monthly_cap_ore" bigint,
	"source" text NOT NULL,
	CONSTRAINT "employer_contribution_rates_bp_check" CHECK ("employer_contribution_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_parameters" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"tax_deduction_basis_points" integer NOT NULL,
	"yearly_threshold_ore" bigint NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "tax_parameters_bp_check" CHECK ("tax_parameters"."tax_deduction_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "creator_tax_profiles" ADD CONSTRAINT "creator_tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_earnings_claim_id_key" ON "creator_earnings" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_earnings_self_billing_number_key" ON "creator_earnings" USING btree ("self_billing_number");--> statement-breakpoint
CREATE INDEX "creator_earnings_creator_period_idx" ON "creator_earnings" USING btree ("creator_id","period");--> statement-breakpoint
CREATE INDEX "creator_earnings_period_idx" ON "creator_earnings" USING btree ("period");
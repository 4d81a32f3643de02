CREATE TYPE "public"."ledger_account" AS ENUM('creator_available', 'creator_pending', 'platform_payouts', 'platform_cash');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('requested', 'paid', 'rejected');--> statement-breakpoint
CREATE TABLE "balances" (
	"holder_id" text NOT NULL,
	"account" "ledger_account" NOT NULL,
	"amount_ore" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "balances_holder_id_account_pk" PRIMARY KEY("holder_id","account"),
	CONSTRAINT "balances_creator_non_negative" CHECK ("balances"."account" not in ('creator_available', 'creator_pending') or "balances"."amount_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"posting_id" text NOT NULL,
	"account" "ledger_account" NOT NULL,
	"holder_id" text,
	"amount_ore" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_ore" <> 0)
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_reference_key" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"payment_method_id" text,
	"payment_method_type" "payment_method_type" NOT NULL,
	"payment_method_masked" text NOT NULL,
	"status" "withdrawal_status" DEFAULT 'requested' NOT NULL,
	"reason" text,
	"reference" text,
	"settled_by" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_holder_account_idx" ON "ledger_entries" USING btree ("holder_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_id_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_idx" ON "withdrawals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_at_idx" ON "withdrawals" USING btree ("status","created_at");
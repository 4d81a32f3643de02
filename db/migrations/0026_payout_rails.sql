CREATE TYPE "public"."payout_rail" AS ENUM('bank', 'swish');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('sent', 'paid', 'returned');--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'sent';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'returned';--> statement-breakpoint
CREATE TABLE "payout_answer_files" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"returned_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_answer_files_sha256_key" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"created_by" text,
	"payout_count" integer NOT NULL,
	"total_ore" bigint NOT NULL,
	"execution_date" text NOT NULL,
	"export_count" integer DEFAULT 0 NOT NULL,
	"first_exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_message_id_key" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"withdrawal_id" text,
	"refund_id" text,
	"batch_id" text,
	"rail" "payout_rail" NOT NULL,
	"end_to_end_id" text NOT NULL,
	"instruction_id" text,
	"amount_ore" bigint NOT NULL,
	"creditor_encrypted" text,
	"status" "payout_status" DEFAULT 'sent' NOT NULL,
	"return_reason" text,
	"settlement_reference" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_subject_check" CHECK (("payouts"."withdrawal_id" is null) <> ("payouts"."refund_id" is null)),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_ore" > 0),
	CONSTRAINT "payouts_rail_check" CHECK (("payouts"."rail" = 'bank') = ("payouts"."batch_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "creditor_encrypted" text;--> statement-breakpoint
ALTER TABLE "payout_answer_files" ADD CONSTRAINT "payout_answer_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_withdrawal_id_key" ON "payouts" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_refund_id_key" ON "payouts" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_end_to_end_id_key" ON "payouts" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_instruction_id_key" ON "payouts" USING btree ("instruction_id") WHERE "payouts"."instruction_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_batch_id_idx" ON "payouts" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_method_check" CHECK ("payment_refunds"."method" in ('card', 'bank'));
CREATE TYPE "public"."bank_file_format" AS ENUM('bgmax', 'camt054');--> statement-breakpoint
CREATE TYPE "public"."bank_payment_outcome" AS ENUM('paid', 'partial', 'overpaid', 'already_paid', 'unknown_reference', 'not_incoming');--> statement-breakpoint
CREATE TYPE "public"."billing_document_kind" AS ENUM('invoice', 'receipt', 'credit_note');--> statement-breakpoint
CREATE TABLE "bank_files" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"format" "bank_file_format" NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_count" integer NOT NULL,
	"matched_ore" bigint NOT NULL,
	CONSTRAINT "bank_files_sha256_key" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "bank_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_file_id" text NOT NULL,
	"bank_reference" text NOT NULL,
	"references" text[] NOT NULL,
	"amount_ore" bigint NOT NULL,
	"booked_on" date NOT NULL,
	"payer_name" text,
	"invoice_id" text,
	"outcome" "bank_payment_outcome" NOT NULL,
	"applied_ore" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_payments_bank_reference_key" UNIQUE("bank_reference")
);
--> statement-breakpoint
CREATE TABLE "billing_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'SE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"next_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "billing_document_kind" NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"document_number" text NOT NULL,
	"brand_id" text NOT NULL,
	"campaign_id" text,
	"payment_ref" text,
	"credits_document_id" text,
	"locale" text DEFAULT 'sv' NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"ocr" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_ore" bigint NOT NULL,
	"vat_ore" bigint NOT NULL,
	"total_ore" bigint NOT NULL,
	"paid_ore" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_note" text,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_documents_amounts_check" CHECK ("billing_documents"."net_ore" + "billing_documents"."vat_ore" = "billing_documents"."total_ore"),
	CONSTRAINT "billing_documents_paid_check" CHECK ("billing_documents"."paid_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bank_files" ADD CONSTRAINT "bank_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_bank_file_id_bank_files_id_fk" FOREIGN KEY ("bank_file_id") REFERENCES "public"."bank_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_addresses" ADD CONSTRAINT "billing_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_payments_invoice_idx" ON "bank_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_series_number_key" ON "billing_documents" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_document_number_key" ON "billing_documents" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_ocr_key" ON "billing_documents" USING btree ("ocr");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_kind_payment_key" ON "billing_documents" USING btree ("kind","payment_ref");--> statement-breakpoint
CREATE INDEX "billing_documents_brand_idx" ON "billing_documents" USING btree ("brand_id","issued_on");--> statement-breakpoint
CREATE INDEX "billing_documents_kind_due_idx" ON "billing_documents" USING btree ("kind","due_on");
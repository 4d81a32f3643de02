CREATE TYPE "public"."bankid_order_purpose" AS ENUM('identify', 'sign_claim');--> statement-breakpoint
CREATE TYPE "public"."bankid_order_status" AS ENUM('pending', 'complete', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."identity_method" AS ENUM('bankid');--> statement-breakpoint
CREATE TABLE "claim_agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"signer_id" text NOT NULL,
	"text" text NOT NULL,
	"signature" text NOT NULL,
	"ocsp_response" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_personal_number_masked" text NOT NULL,
	"order_ref" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bankid_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" "bankid_order_purpose" NOT NULL,
	"claim_id" text,
	"order_ref" text NOT NULL,
	"auto_start_token" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret_encrypted" text NOT NULL,
	"user_visible_data" text,
	"status" "bankid_order_status" DEFAULT 'pending' NOT NULL,
	"hint_code" text,
	"refusal" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"method" "identity_method" NOT NULL,
	"personal_number_hash" text NOT NULL,
	"given_name" text NOT NULL,
	"surname" text NOT NULL,
	"birth_date" date NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "require_verified_creators" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD CONSTRAINT "bankid_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_agreements_claim_key" ON "claim_agreements" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bankid_orders_order_ref_key" ON "bankid_orders" USING btree ("order_ref");--> statement-breakpoint
CREATE INDEX "bankid_orders_user_idx" ON "bankid_orders" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_personal_number_key" ON "identity_verifications" USING btree ("personal_number_hash");
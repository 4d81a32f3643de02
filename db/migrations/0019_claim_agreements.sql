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
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_agreements" ADD CONSTRAINT "claim_agreements_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_agreements_claim_key" ON "claim_agreements" USING btree ("claim_id");
CREATE TYPE "public"."rating_side" AS ENUM('brand', 'creator');--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"side" "rating_side" NOT NULL,
	"rater_id" text,
	"subject_id" text NOT NULL,
	"delivery" smallint,
	"quality" smallint,
	"brief" smallint,
	"communication" smallint,
	"payment" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_scores_check" CHECK (("ratings"."side" = 'brand' and "ratings"."delivery" between 1 and 5 and "ratings"."quality" between 1 and 5
        and "ratings"."brief" is null and "ratings"."communication" is null and "ratings"."payment" is null)
      or ("ratings"."side" = 'creator' and "ratings"."brief" between 1 and 5 and "ratings"."communication" between 1 and 5
        and "ratings"."payment" between 1 and 5 and "ratings"."delivery" is null and "ratings"."quality" is null))
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_claim_side_key" ON "ratings" USING btree ("claim_id","side");--> statement-breakpoint
CREATE INDEX "ratings_subject_id_idx" ON "ratings" USING btree ("subject_id");
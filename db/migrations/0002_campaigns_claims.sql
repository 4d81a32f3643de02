CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'published', 'paused', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled', 'expired', 'submitted', 'changes_requested', 'accepted');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('pending', 'accepted', 'declined', 'expired');--> statement-breakpoint
CREATE TYPE "public"."usage_rights" AS ENUM('organic', 'paid_ads');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"org_number" text,
	"website" text,
	"instagram_handle" text,
	"instagram_posts" integer,
	"instagram_followers" integer,
	"instagram_following" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"objectives" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"platforms" text[] NOT NULL,
	"creator_tiers" text[] NOT NULL,
	"audience_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_age_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_gender" text DEFAULT 'any' NOT NULL,
	"budget_ore" bigint NOT NULL,
	"payout_ore" bigint NOT NULL,
	"slots" integer NOT NULL,
	"slots_taken" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_creator_type" text,
	"brand_link" text,
	"product_link" text,
	"guidelines" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage_rights" "usage_rights" DEFAULT 'organic' NOT NULL,
	"usage_months" integer,
	"max_revisions" integer DEFAULT 2 NOT NULL,
	"cover_key" text,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_money_check" CHECK ("campaigns"."payout_ore" > 0 and "campaigns"."payout_ore" * "campaigns"."slots" <= "campaigns"."budget_ore"),
	CONSTRAINT "campaigns_slots_check" CHECK ("campaigns"."slots" > 0 and "campaigns"."slots_taken" between 0 and "campaigns"."slots"),
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"from_status" "claim_status",
	"to_status" "claim_status" NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"status" "claim_status" DEFAULT 'pending' NOT NULL,
	"guidelines_confirmed_at" timestamp with time zone NOT NULL,
	"payout_ore" bigint NOT NULL,
	"revisions_used" integer DEFAULT 0 NOT NULL,
	"auto_accept_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"status" "invitation_status" DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"url" text NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"ad_label_confirmed" timestamp with time zone NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaigns_brand_id_idx" ON "campaigns" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_starts_at_idx" ON "campaigns" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "claim_events_claim_id_idx" ON "claim_events" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_campaign_status_idx" ON "claims" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "claims_creator_idx" ON "claims" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_live_key" ON "claims" USING btree ("campaign_id","creator_id") WHERE "claims"."status" in ('pending', 'approved', 'submitted', 'changes_requested');--> statement-breakpoint
CREATE INDEX "claims_auto_accept_idx" ON "claims" USING btree ("auto_accept_at") WHERE "claims"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_campaign_creator_key" ON "invitations" USING btree ("campaign_id","creator_id");--> statement-breakpoint
CREATE INDEX "invitations_creator_status_idx" ON "invitations" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "invitations_status_respond_by_idx" ON "invitations" USING btree ("status","respond_by");--> statement-breakpoint
CREATE INDEX "submissions_claim_id_idx" ON "submissions" USING btree ("claim_id");
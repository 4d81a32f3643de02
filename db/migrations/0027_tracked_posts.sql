CREATE TYPE "public"."tracked_post_status" AS ENUM('checking', 'tracking', 'finished', 'disappeared');--> statement-breakpoint
CREATE TABLE "post_readings" (
	"id" text PRIMARY KEY NOT NULL,
	"tracked_post_id" text NOT NULL,
	"milestone" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer,
	"typical_views" integer,
	"credit_hundredths" integer DEFAULT 0 NOT NULL,
	"raw_requests" integer DEFAULT 0 NOT NULL,
	"brand_id" text NOT NULL,
	CONSTRAINT "post_readings_counts_check" CHECK ("post_readings"."views" >= 0 and "post_readings"."likes" >= 0 and "post_readings"."comments" >= 0 and coalesce("post_readings"."shares", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracked_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"claim_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"brand_id" text NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"status" "tracked_post_status" DEFAULT 'checking' NOT NULL,
	"posted_at" timestamp with time zone,
	"caption" text,
	"ad_label_ok" boolean,
	"ad_label" jsonb,
	"ad_label_checked_at" timestamp with time zone,
	"next_milestone" text,
	"next_read_at" timestamp with time zone,
	"paused_reason" text,
	"disappeared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_posts_schedule_check" CHECK (("tracked_posts"."next_read_at" is null) = ("tracked_posts"."next_milestone" is null))
);
--> statement-breakpoint
CREATE TABLE "tracking_usage" (
	"brand_id" text NOT NULL,
	"month" text NOT NULL,
	"credit_hundredths" integer DEFAULT 0 NOT NULL,
	"raw_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_usage_brand_id_month_pk" PRIMARY KEY("brand_id","month")
);
--> statement-breakpoint
ALTER TABLE "post_readings" ADD CONSTRAINT "post_readings_tracked_post_id_tracked_posts_id_fk" FOREIGN KEY ("tracked_post_id") REFERENCES "public"."tracked_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_readings" ADD CONSTRAINT "post_readings_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_posts" ADD CONSTRAINT "tracked_posts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_posts" ADD CONSTRAINT "tracked_posts_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_posts" ADD CONSTRAINT "tracked_posts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_posts" ADD CONSTRAINT "tracked_posts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_posts" ADD CONSTRAINT "tracked_posts_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_usage" ADD CONSTRAINT "tracking_usage_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_readings_post_milestone_key" ON "post_readings" USING btree ("tracked_post_id","milestone");--> statement-breakpoint
CREATE INDEX "post_readings_brand_read_at_idx" ON "post_readings" USING btree ("brand_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_posts_submission_key" ON "tracked_posts" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "tracked_posts_campaign_idx" ON "tracked_posts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "tracked_posts_creator_idx" ON "tracked_posts" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "tracked_posts_due_idx" ON "tracked_posts" USING btree ("next_read_at") WHERE "tracked_posts"."next_read_at" is not null;--> statement-breakpoint
CREATE INDEX "tracked_posts_ad_label_failing_idx" ON "tracked_posts" USING btree ("ad_label_checked_at") WHERE "tracked_posts"."ad_label_ok" = false;
CREATE TABLE "provider_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"response" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_usage" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"credit_hundredths" integer DEFAULT 0 NOT NULL,
	"raw_requests" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"cache_hits" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_usage_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "provider_usage_non_negative" CHECK ("provider_usage"."credit_hundredths" >= 0 and "provider_usage"."raw_requests" >= 0)
);
--> statement-breakpoint
ALTER TABLE "provider_usage" ADD CONSTRAINT "provider_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_cache_expires_at_idx" ON "provider_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "provider_usage_day_idx" ON "provider_usage" USING btree ("day");
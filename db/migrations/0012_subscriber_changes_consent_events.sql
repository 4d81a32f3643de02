CREATE TYPE "public"."consent_event_kind" AS ENUM('given', 'changed', 'withdrawn');--> statement-breakpoint
CREATE TABLE "subscriber_changes" (
	"subscriber_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"instagram_name" text,
	"tiktok_name" text,
	"categories" text[] NOT NULL,
	"consent_version" text NOT NULL,
	"locale" "locale" NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriber_changes_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "subscriber_consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriber_consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscriber_id" text NOT NULL,
	"kind" "consent_event_kind" NOT NULL,
	"consent_version" text NOT NULL,
	"locale" "locale" NOT NULL,
	"source" text NOT NULL,
	"stated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriber_changes" ADD CONSTRAINT "subscriber_changes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_consent_events" ADD CONSTRAINT "subscriber_consent_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_consent_events_subscriber_id_idx" ON "subscriber_consent_events" USING btree ("subscriber_id","id");--> statement-breakpoint
-- Subscriptions confirmed, changed or ended before this history existed get their events from the
-- row: given at the confirmation, changed when details were stored again after it, withdrawn at the
-- unsubscribe.
INSERT INTO "subscriber_consent_events" ("subscriber_id", "kind", "consent_version", "locale", "source", "stated_at", "created_at")
  SELECT "id", 'given', "consent_version", "locale", 'subscribe_form', least("consented_at", "confirmed_at"), "confirmed_at"
  FROM "subscribers" WHERE "confirmed_at" IS NOT NULL ORDER BY "confirmed_at";
--> statement-breakpoint
INSERT INTO "subscriber_consent_events" ("subscriber_id", "kind", "consent_version", "locale", "source", "stated_at", "created_at")
  SELECT "id", 'changed', "consent_version", "locale", 'subscribe_form', "consented_at", "consented_at"
  FROM "subscribers" WHERE "confirmed_at" IS NOT NULL AND "consented_at" > "confirmed_at" ORDER BY "consented_at";
--> statement-breakpoint
INSERT INTO "subscriber_consent_events" ("subscriber_id", "kind", "consent_version", "locale", "source", "stated_at", "created_at")
  SELECT "id", 'withdrawn', "consent_version", "locale", 'unsubscribe_link', "unsubscribed_at", "unsubscribed_at"
  FROM "subscribers" WHERE "unsubscribed_at" IS NOT NULL ORDER BY "unsubscribed_at";

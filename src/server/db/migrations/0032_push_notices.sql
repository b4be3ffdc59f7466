-- Members choose their channels (D45). A browser's push subscription per device the member
-- allowed; each member's choices per notice kind and channel (a missing row is "on"); and the
-- outbox's channel per row, so batching (D37) and exactly-once hold for each channel alone.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_uq" UNIQUE ("endpoint")
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
--> statement-breakpoint
CREATE TABLE "notice_choices" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_choices_pk" PRIMARY KEY ("user_id", "kind", "channel"),
	CONSTRAINT "notice_choices_channel_check" CHECK ("channel" in ('email', 'push')),
	-- Account security and payment emails cannot be turned off (D45).
	CONSTRAINT "notice_choices_essential_check" CHECK ("enabled" or "channel" = 'push' or "kind" not in ('account', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "notice_kind" text;
--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "push" jsonb;
--> statement-breakpoint
ALTER TABLE "email_notifications" ADD CONSTRAINT "email_notifications_channel_check" CHECK ("channel" in ('email', 'push') and ("channel" = 'email' or "push" is not null));
--> statement-breakpoint
-- Every writer of the outbox (a checkout writes its notices in the statement that writes its
-- orders) keeps the member's choices: a row of a kind its member turned off for its channel is
-- not written, nor a push row for a member with no device. Rows without a kind (the admins'
-- working notices) always go. Addresses are stored in lower case (the auth library's rule).
CREATE FUNCTION "notice_choice_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	member text;
BEGIN
	IF NEW.notice_kind IS NULL THEN
		RETURN NEW;
	END IF;
	SELECT "id" INTO member FROM "user" WHERE "email" = lower(NEW.recipient_email);
	IF member IS NULL THEN
		IF NEW.channel = 'push' THEN RETURN NULL; END IF;
		RETURN NEW;
	END IF;
	IF EXISTS (
		SELECT 1 FROM "notice_choices"
		WHERE "user_id" = member AND "kind" = NEW.notice_kind AND "channel" = NEW.channel AND NOT "enabled"
	) THEN
		RETURN NULL;
	END IF;
	IF NEW.channel = 'push' AND NOT EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = member) THEN
		RETURN NULL;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "email_notifications_choice_kept" BEFORE INSERT ON "email_notifications"
	FOR EACH ROW EXECUTE FUNCTION "notice_choice_kept"();

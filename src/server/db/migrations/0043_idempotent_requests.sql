-- Safe retries: a POST sent with an Idempotency-Key header is answered once; the same key and
-- body get the stored answer again for a day, another body under the key a 422
-- (src/server/security/idempotency.ts, docs/api.md).
CREATE TABLE "idempotent_requests" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_requests_pk" PRIMARY KEY("scope","key")
);--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");

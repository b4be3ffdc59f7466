-- Reads that grew with one member's history made flat (docs/performance.md, "The heaviest
-- members"):
-- A conversation is read a page at a time, newest first, by (created_at, id): the index gains
-- the id as the tie-break, so a page is one range of it whatever the conversation's length.
DROP INDEX IF EXISTS "messages_thread_idx";--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
-- Unread messages are kept, not counted: per participant and conversation in thread_reads.unread
-- (messages from others after the read mark), and per member in unread_totals, by triggers in
-- the writing transaction, so every writer is counted and the account menu's count is one row.
ALTER TABLE "thread_reads" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "unread_totals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
-- The per-order counts of an order list read only the conversations it shows and have unread.
CREATE INDEX "thread_reads_unread_idx" ON "thread_reads" USING btree ("user_id","thread_id") WHERE "unread" > 0;--> statement-breakpoint
-- A new message is unread for each participant other than its author (an admin's, for both).
-- The participants' totals are locked first, in id order, so two messages between the same two
-- members in two conversations never wait on each other's totals the other way round.
CREATE FUNCTION "messages_count_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	t record;
BEGIN
	SELECT "member_id", "owner_id" INTO t FROM "threads" WHERE "id" = NEW."thread_id";
	INSERT INTO "unread_totals" ("user_id")
		SELECT p FROM unnest(ARRAY[t."member_id", t."owner_id"]) AS p WHERE p IS NOT NULL ORDER BY p
		ON CONFLICT DO NOTHING;
	PERFORM 1 FROM "unread_totals" WHERE "user_id" IN (t."member_id", t."owner_id") ORDER BY "user_id" FOR UPDATE;
	INSERT INTO "thread_reads" ("thread_id", "user_id", "unread")
		SELECT DISTINCT NEW."thread_id", p, 1 FROM unnest(ARRAY[t."member_id", t."owner_id"]) AS p
		WHERE p IS NOT NULL AND p IS DISTINCT FROM NEW."author_id"
		ON CONFLICT ("thread_id", "user_id") DO UPDATE SET "unread" = "thread_reads"."unread" + 1
		WHERE "thread_reads"."read_at" IS NULL OR "thread_reads"."read_at" < NEW."created_at";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_count_unread" AFTER INSERT ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "messages_count_unread"();--> statement-breakpoint
CREATE FUNCTION "messages_uncount_unread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "thread_reads" SET "unread" = "unread" - 1
		WHERE "thread_id" = OLD."thread_id" AND "unread" > 0
			AND "user_id" IS DISTINCT FROM OLD."author_id"
			AND ("read_at" IS NULL OR "read_at" < OLD."created_at");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_uncount_unread" AFTER DELETE ON "messages"
	FOR EACH ROW EXECUTE FUNCTION "messages_uncount_unread"();--> statement-breakpoint
-- A read mark written or moved: what is unread is counted again, on the messages after the mark
-- only (messages_thread_idx), which is nothing right after "mark read".
CREATE FUNCTION "thread_reads_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."read_at" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."read_at" IS DISTINCT FROM OLD."read_at") THEN
		NEW."unread" := (SELECT count(*) FROM "messages" m
			WHERE m."thread_id" = NEW."thread_id" AND m."created_at" > NEW."read_at"
				AND m."author_id" IS DISTINCT FROM NEW."user_id");
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "thread_reads_recount" BEFORE INSERT OR UPDATE ON "thread_reads"
	FOR EACH ROW EXECUTE FUNCTION "thread_reads_recount"();--> statement-breakpoint
-- Each change of a conversation's unread count moves its member's total.
CREATE FUNCTION "thread_reads_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta integer := CASE TG_OP WHEN 'INSERT' THEN NEW."unread" WHEN 'DELETE' THEN -OLD."unread"
		ELSE NEW."unread" - OLD."unread" END;
	who text := CASE TG_OP WHEN 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END;
BEGIN
	IF delta = 0 THEN RETURN NULL; END IF;
	IF TG_OP = 'DELETE' THEN
		UPDATE "unread_totals" SET "total" = "total" + delta WHERE "user_id" = who;
	ELSE
		INSERT INTO "unread_totals" ("user_id", "total") VALUES (who, delta)
			ON CONFLICT ("user_id") DO UPDATE SET "total" = "unread_totals"."total" + delta;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "thread_reads_total" AFTER INSERT OR UPDATE OR DELETE ON "thread_reads"
	FOR EACH ROW EXECUTE FUNCTION "thread_reads_total"();--> statement-breakpoint
-- What is unread now: a mark for every participant who has a message from another, the counts,
-- then the totals.
INSERT INTO "thread_reads" ("thread_id", "user_id")
	SELECT DISTINCT t."id", p FROM "threads" t
		CROSS JOIN LATERAL unnest(ARRAY[t."member_id", t."owner_id"]) AS p
		JOIN "messages" m ON m."thread_id" = t."id" AND m."author_id" IS DISTINCT FROM p
	WHERE p IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "thread_reads" r SET "unread" = c.n FROM (
	SELECT r2."thread_id", r2."user_id", count(m."id")::int AS n FROM "thread_reads" r2
		JOIN "messages" m ON m."thread_id" = r2."thread_id" AND m."author_id" IS DISTINCT FROM r2."user_id"
			AND m."created_at" > coalesce(r2."read_at", '-infinity'::timestamptz)
	GROUP BY r2."thread_id", r2."user_id") c
	WHERE r."thread_id" = c."thread_id" AND r."user_id" = c."user_id" AND r."unread" <> c.n;--> statement-breakpoint
INSERT INTO "unread_totals" ("user_id", "total")
	SELECT "user_id", sum("unread")::int FROM "thread_reads" GROUP BY "user_id"
	ON CONFLICT ("user_id") DO UPDATE SET "total" = excluded."total";

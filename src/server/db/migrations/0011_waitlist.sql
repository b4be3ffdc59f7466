CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_book_user_uq" ON "waitlist_entries" USING btree ("book_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_hold_per_book_uq" ON "waitlist_entries" USING btree ("book_id") WHERE hold_until is not null;--> statement-breakpoint
CREATE INDEX "waitlist_book_seq_idx" ON "waitlist_entries" USING btree ("book_id","seq");--> statement-breakpoint
CREATE INDEX "waitlist_user_idx" ON "waitlist_entries" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "held_for_id" text;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_held_for_id_user_id_fk" FOREIGN KEY ("held_for_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here. D25: a held book is out of the shop, so `listed` (the generated
-- column every shop listing and its partial indexes read) now also asks that nobody holds it.
-- PostgreSQL before 17 cannot change a generated column's expression: the column and its
-- partial indexes are made again, exactly as migration 0002 made the indexes.
ALTER TABLE "books" DROP COLUMN "listed";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (status = 'Available' and reserved_by_order_id is null and deleted_at is null and owner_id is not null and held_for_id is null) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "books_listed_price_low_idx" ON "books" USING btree ("weekly_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category","condition","language") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_price_high_idx" ON "books" USING btree ("weekly_price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category","condition","language") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_created_idx" ON "books" USING btree ("created_at","id","category","condition","language","weekly_price") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_title_idx" ON "books" USING btree (lower("title"),"id","category","condition","language","weekly_price") WHERE listed;--> statement-breakpoint
-- A hold starting or ending changes what listings show (`listed`): the catalog version moves and
-- the change is logged (migration 0007) by a trigger of its own, which fires when only the hold
-- changed; a change of the columns books_catalog_change_update watches is logged by that one
-- (one row per change, so the catalog delta never counts a change twice). Every write of the hold
-- (modules/waitlist/hold-service.ts) changes held_for_id alone.
CREATE CONSTRAINT TRIGGER "books_catalog_change_hold"
  AFTER UPDATE OF "held_for_id" ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.held_for_id IS DISTINCT FROM NEW.held_for_id
    AND (OLD.owner_id, OLD.title, OLD.author, OLD.category, OLD.language, OLD.condition,
    OLD.status, OLD.weekly_price, OLD.monthly_price, OLD.cover_key, OLD.reserved_by_order_id,
    OLD.deleted_at, OLD.created_at)
    IS NOT DISTINCT FROM (NEW.owner_id, NEW.title, NEW.author, NEW.category, NEW.language,
    NEW.condition, NEW.status, NEW.weekly_price, NEW.monthly_price, NEW.cover_key,
    NEW.reserved_by_order_id, NEW.deleted_at, NEW.created_at))
  EXECUTE FUNCTION bump_catalog_version();

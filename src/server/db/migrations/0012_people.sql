-- People and trust (D26): one conversation per order, or per member and book ("Ask the owner"),
-- its messages, and per participant what they have read and what was last emailed to them.
CREATE TABLE "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"book_id" uuid,
	"book_title" text,
	"member_id" text,
	"member_name" text NOT NULL,
	"owner_id" text,
	"owner_name" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "threads_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "threads_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "threads_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "threads_about_one_thing" CHECK ("threads"."order_id" is not null or "threads"."book_id" is not null or "threads"."book_title" is not null)
);--> statement-breakpoint
CREATE UNIQUE INDEX "threads_order_uq" ON "threads" USING btree ("order_id") WHERE "threads"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "threads_book_member_uq" ON "threads" USING btree ("book_id","member_id") WHERE "threads"."order_id" is null;--> statement-breakpoint
CREATE INDEX "threads_member_idx" ON "threads" USING btree ("member_id","last_message_at" DESC);--> statement-breakpoint
CREATE INDEX "threads_owner_idx" ON "threads" USING btree ("owner_id","last_message_at" DESC);--> statement-breakpoint
CREATE INDEX "threads_last_message_idx" ON "threads" USING btree ("last_message_at" DESC);--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"from_admin" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 2000)
);--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"emailed_through" timestamp with time zone,
	CONSTRAINT "thread_reads_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id"),
	CONSTRAINT "thread_reads_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "thread_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
-- Reviews (D27): one per side per order, hidden from the other side until both wrote or 14 days
-- passed (published_at), then unchangeable; an admin may hide one (kept, hidden_at).
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"subject_id" text,
	"subject_name" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by_name" text,
	CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "reviews_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "reviews_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "reviews_side" CHECK ("reviews"."side" in ('borrower', 'owner')),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_length" CHECK ("reviews"."body" is null or char_length("reviews"."body") between 1 and 1000)
);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_side_uq" ON "reviews" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id") WHERE "reviews"."published_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC);
--> statement-breakpoint
-- For sale (D28): an optional sale price, and the moment the book was sold (a sold book is also
-- soft-deleted: it leaves the shop, the shelf and every cart; order history keeps its snapshot).
ALTER TABLE "books" ADD COLUMN "sale_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_sale_price_positive" CHECK ("books"."sale_price" is null or "books"."sale_price" > 0);
-- Cards show the sale price, so the catalog's change log follows it (catalog_book_state and the
-- update trigger, as last defined in 0013).

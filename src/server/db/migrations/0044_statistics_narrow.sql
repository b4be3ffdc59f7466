-- A week the change log names is computed again by the Statistics read (migration 0042). From
-- the big tables that cost 0.55-0.85 s per dense week at 1M orders (docs/performance.md, "The
-- admin's Statistics tab"); from these narrow tables, kept by the same kind of statement triggers
-- in the writing transaction, it costs a few milliseconds
-- (docs/decisions/0008-statistics-weeks-kept.md):
--   statistics_orders: one row per order, what its figures read, already by week (in the zone of
--     statistics_zone), with the durations to payment and to handover beside the week, so a
--     week's median is read at the middle of an index range, not sorted;
--   statistics_members: one row per (week, member) active that week, with the orders they
--     placed and the books they listed that week (member '' holds those of deleted members,
--     which count as placed and listed but as no member);
--   statistics_sums: each week's counts and sums, as changes appended by the triggers (the
--     difference between an order's narrow row before and after a write, a member's row made or
--     gone, a payment's, a payment task's or a payout's old and new values) and folded into one
--     row per week by the read, so no writer waits on a week's row.
-- Each row is computed from the rows it reflects (an order, its items, its first Returning in
-- Progress event) whenever one of them is written, so it is exact whatever the order of writes.
CREATE TABLE "statistics_zone" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "statistics_zone_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "statistics_zone" ("time_zone") VALUES ('Asia/Makassar');--> statement-breakpoint
CREATE TABLE "statistics_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"paid_week" date,
	"seconds_to_payment" double precision,
	"sold" boolean NOT NULL,
	"collected" numeric,
	"subtotal" numeric,
	"owner_share" numeric,
	"delivered_week" date,
	"seconds_to_handover" double precision,
	"quantity" integer NOT NULL,
	"completed_week" date,
	"returned" boolean NOT NULL,
	"on_time" boolean NOT NULL
);--> statement-breakpoint
CREATE INDEX "statistics_orders_paid_idx" ON "statistics_orders" ("paid_week", "seconds_to_payment")
	INCLUDE ("sold", "collected", "subtotal", "owner_share") WHERE "paid_week" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "statistics_orders_delivered_idx" ON "statistics_orders" ("delivered_week", "seconds_to_handover")
	INCLUDE ("quantity") WHERE "delivered_week" IS NOT NULL;--> statement-breakpoint
-- Orders made before shares were stored count at the configured fee: summed at the read.
CREATE INDEX "statistics_orders_unshared_idx" ON "statistics_orders" ("paid_week") INCLUDE ("subtotal")
	WHERE "paid_week" IS NOT NULL AND "sold" AND "owner_share" IS NULL;--> statement-breakpoint
CREATE TABLE "statistics_sums" (
	"week" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"collected" numeric DEFAULT 0 NOT NULL,
	"rent" numeric DEFAULT 0 NOT NULL,
	"shares" numeric DEFAULT 0 NOT NULL,
	"unshared" integer DEFAULT 0 NOT NULL,
	"handed" integer DEFAULT 0 NOT NULL,
	"borrowed" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"gateway_fees" numeric DEFAULT 0 NOT NULL,
	"owner_payouts" numeric DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "statistics_sums_week_idx" ON "statistics_sums" ("week");--> statement-breakpoint
CREATE TABLE "statistics_members" (
	"week" date NOT NULL,
	"member" text NOT NULL,
	"orders" integer NOT NULL,
	"books" integer NOT NULL,
	CONSTRAINT "statistics_members_pk" PRIMARY KEY ("week", "member") INCLUDE ("orders", "books")
);--> statement-breakpoint
-- An order's narrow row, computed from the order, its items and its first Returning in Progress
-- event as statistics/service.ts computes from the rows (the on-time rule of reviews/service.ts).
CREATE FUNCTION "statistics_order_rows"(ids uuid[]) RETURNS SETOF "statistics_orders" LANGUAGE sql STABLE AS $$
	SELECT o.id,
		date_trunc('week', o.payment_confirmed_at AT TIME ZONE z.time_zone)::date,
		extract(epoch FROM (o.payment_confirmed_at - o.created_at))::double precision,
		o.status <> 'Cancelled', coalesce(o.total, o.subtotal), o.subtotal, o.owner_share,
		date_trunc('week', o.delivered_at AT TIME ZONE z.time_zone)::date,
		extract(epoch FROM (o.delivered_at - o.payment_confirmed_at))::double precision,
		coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0)::int,
		CASE WHEN o.status = 'Completed' THEN date_trunc('week', o.completed_at AT TIME ZONE z.time_zone)::date END,
		o.due_at IS NOT NULL,
		coalesce(o.due_at IS NOT NULL AND coalesce((
			SELECT min(e.created_at) FROM order_events e
			WHERE e.order_id = o.id AND e.to_status = 'Returning in Progress'
		), o.completed_at) <= o.due_at, false)
	FROM orders o, statistics_zone z WHERE o.id = ANY(ids)
$$;--> statement-breakpoint
-- Computes the narrow rows of these orders again (and drops the rows of orders gone). The orders
-- are locked first, so two writers of one order (its row, its items, its events) take turns, and
-- the rows are read by a later statement, which sees what the one before committed.
-- What one narrow row adds to the sums of the weeks it was paid, handed over and completed in.
CREATE FUNCTION "statistics_order_sums"(r "statistics_orders", sign integer) RETURNS SETOF "statistics_sums"
LANGUAGE sql IMMUTABLE AS $$
	SELECT r.paid_week, 0, 0, 0, sign,
		CASE WHEN r.sold THEN sign * r.collected ELSE 0 END, CASE WHEN r.sold THEN sign * r.subtotal ELSE 0 END,
		CASE WHEN r.sold THEN sign * coalesce(r.owner_share, 0) ELSE 0 END,
		CASE WHEN r.sold AND r.owner_share IS NULL THEN sign ELSE 0 END, 0, 0, 0, 0, 0, 0, 0
	WHERE r.paid_week IS NOT NULL
	UNION ALL
	SELECT r.delivered_week, 0, 0, 0, 0, 0, 0, 0, 0,
		CASE WHEN r.seconds_to_handover IS NOT NULL THEN sign ELSE 0 END, sign * r.quantity, 0, 0, 0, 0, 0
	WHERE r.delivered_week IS NOT NULL
	UNION ALL
	SELECT r.completed_week, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, sign,
		CASE WHEN r.returned THEN sign ELSE 0 END, CASE WHEN r.on_time THEN sign ELSE 0 END, 0, 0
	WHERE r.completed_week IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "statistics_refresh_orders"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	before statistics_orders[];
BEGIN
	IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
	PERFORM 1 FROM orders WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
	before := ARRAY(SELECT s FROM statistics_orders s WHERE s.order_id = ANY(ids));
	DELETE FROM statistics_orders s WHERE s.order_id = ANY(ids)
		AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = s.order_id);
	INSERT INTO statistics_orders SELECT * FROM statistics_order_rows(ids) r ORDER BY r.order_id
	ON CONFLICT (order_id) DO UPDATE SET paid_week = excluded.paid_week, seconds_to_payment = excluded.seconds_to_payment, sold = excluded.sold,
		collected = excluded.collected, subtotal = excluded.subtotal, owner_share = excluded.owner_share,
		delivered_week = excluded.delivered_week, seconds_to_handover = excluded.seconds_to_handover,
		quantity = excluded.quantity, completed_week = excluded.completed_week, returned = excluded.returned,
		on_time = excluded.on_time;
	-- The sums move by the rows after less the rows before (nothing when no figure moved).
	INSERT INTO statistics_sums (week, paid, collected, rent, shares, unshared, handed, borrowed, completed,
			returned, on_time)
		SELECT c.week, sum(c.paid), sum(c.collected), sum(c.rent), sum(c.shares), sum(c.unshared),
			sum(c.handed), sum(c.borrowed), sum(c.completed), sum(c.returned), sum(c.on_time)
		FROM (
			SELECT x.* FROM unnest(before) b, LATERAL statistics_order_sums(b, -1) x
			UNION ALL
			SELECT x.* FROM statistics_orders s, LATERAL statistics_order_sums(s, 1) x WHERE s.order_id = ANY(ids)
		) c
		GROUP BY c.week
		HAVING (sum(c.paid), sum(c.collected), sum(c.rent), sum(c.shares), sum(c.unshared), sum(c.handed),
			sum(c.borrowed), sum(c.completed), sum(c.returned), sum(c.on_time)) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
END $$;--> statement-breakpoint
-- Moves the members' counts by (week, member, orders, books) changes; a member with nothing left
-- that week goes. The counts are the row's own, so two writers of one member's week take turns on
-- that row alone.
CREATE FUNCTION "statistics_move_members"(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- A row made (xmax 0: inserted, not updated) is a member more that week.
	WITH moved AS (
		INSERT INTO statistics_members (week, member, orders, books)
			SELECT c.week, c.member, sum(c.orders), sum(c.books)
			FROM jsonb_to_recordset(changes) c(week date, member text, orders int, books int)
			GROUP BY 1, 2 HAVING sum(c.orders) <> 0 OR sum(c.books) <> 0 ORDER BY 1, 2
		ON CONFLICT (week, member) DO UPDATE
			SET orders = statistics_members.orders + excluded.orders, books = statistics_members.books + excluded.books
		RETURNING week, member, xmax = 0 AS made
	)
	INSERT INTO statistics_sums (week, placed, listed, active)
		SELECT c.week, sum(c.orders), sum(c.books),
			(SELECT count(*) FROM moved m WHERE m.week = c.week AND m.made AND m.member <> '')
		FROM jsonb_to_recordset(changes) c(week date, member text, orders int, books int)
		GROUP BY c.week;
	WITH gone AS (
		DELETE FROM statistics_members m USING jsonb_to_recordset(changes) c(week date, member text)
		WHERE m.week = c.week AND m.member = c.member AND m.orders = 0 AND m.books = 0
		RETURNING m.week, m.member
	)
	INSERT INTO statistics_sums (week, active)
		SELECT week, -count(*) FROM (SELECT DISTINCT week, member FROM gone WHERE member <> '') g GROUP BY week;
END $$;--> statement-breakpoint
CREATE FUNCTION "statistics_orders_narrow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	tz text := (SELECT time_zone FROM statistics_zone);
	members jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM statistics_refresh_orders(ARRAY(SELECT id FROM new_rows));
		SELECT jsonb_agg(jsonb_build_object('week', date_trunc('week', created_at AT TIME ZONE tz)::date, 'member', coalesce(user_id, ''), 'orders', 1, 'books', 0))
			INTO members FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		-- Drops the orders' narrow rows and takes them out of the sums.
		PERFORM statistics_refresh_orders(ARRAY(SELECT id FROM old_rows));
		SELECT jsonb_agg(jsonb_build_object('week', date_trunc('week', created_at AT TIME ZONE tz)::date, 'member', coalesce(user_id, ''), 'orders', -1, 'books', 0))
			INTO members FROM old_rows;
	ELSE
		-- Only orders whose figures' columns changed (the change log's list, migration 0042).
		PERFORM statistics_refresh_orders(ARRAY(
			SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE (o.created_at, o.payment_confirmed_at, o.delivered_at, o.completed_at, o.status, o.subtotal,
					o.total, o.owner_share, o.due_at, o.user_id)
				IS DISTINCT FROM (n.created_at, n.payment_confirmed_at, n.delivered_at, n.completed_at, n.status,
					n.subtotal, n.total, n.owner_share, n.due_at, n.user_id)));
		SELECT jsonb_agg(c) INTO members FROM old_rows o JOIN new_rows n ON n.id = o.id,
			LATERAL (VALUES
				(jsonb_build_object('week', date_trunc('week', o.created_at AT TIME ZONE tz)::date, 'member', coalesce(o.user_id, ''), 'orders', -1, 'books', 0)),
				(jsonb_build_object('week', date_trunc('week', n.created_at AT TIME ZONE tz)::date, 'member', coalesce(n.user_id, ''), 'orders', 1, 'books', 0))
			) v(c)
			WHERE (o.created_at, o.user_id) IS DISTINCT FROM (n.created_at, n.user_id);
	END IF;
	IF members IS NOT NULL THEN PERFORM statistics_move_members(members); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_statistics_narrow_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_narrow"();--> statement-breakpoint
CREATE TRIGGER "orders_statistics_narrow_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_narrow"();--> statement-breakpoint
CREATE TRIGGER "orders_statistics_narrow_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_narrow"();--> statement-breakpoint
-- An order's items are its books borrowed.
CREATE FUNCTION "statistics_items_narrow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM statistics_refresh_orders(ARRAY(SELECT DISTINCT order_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM statistics_refresh_orders(ARRAY(SELECT DISTINCT order_id FROM old_rows));
	ELSE
		PERFORM statistics_refresh_orders(ARRAY(
			SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_narrow_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_narrow"();--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_narrow_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_narrow"();--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_narrow_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_narrow"();--> statement-breakpoint
-- A return's start decides whether its loan came back on time.
CREATE FUNCTION "statistics_events_narrow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM statistics_refresh_orders(ARRAY(
			SELECT DISTINCT order_id FROM new_rows WHERE to_status = 'Returning in Progress'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM statistics_refresh_orders(ARRAY(
			SELECT DISTINCT order_id FROM old_rows WHERE to_status = 'Returning in Progress'));
	ELSE
		PERFORM statistics_refresh_orders(ARRAY(
			SELECT order_id FROM old_rows WHERE to_status = 'Returning in Progress'
			UNION SELECT order_id FROM new_rows WHERE to_status = 'Returning in Progress'));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_narrow_insert" AFTER INSERT ON "order_events" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_narrow"();--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_narrow_update" AFTER UPDATE ON "order_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_narrow"();--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_narrow_delete" AFTER DELETE ON "order_events" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_narrow"();--> statement-breakpoint
-- A book listed makes its owner active in the week it was listed.
CREATE FUNCTION "statistics_books_narrow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	tz text := (SELECT time_zone FROM statistics_zone);
	members jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT jsonb_agg(jsonb_build_object('week', date_trunc('week', created_at AT TIME ZONE tz)::date, 'member', coalesce(owner_id, ''), 'books', 1, 'orders', 0))
			INTO members FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT jsonb_agg(jsonb_build_object('week', date_trunc('week', created_at AT TIME ZONE tz)::date, 'member', coalesce(owner_id, ''), 'books', -1, 'orders', 0))
			INTO members FROM old_rows;
	ELSE
		SELECT jsonb_agg(c) INTO members FROM old_rows o JOIN new_rows n ON n.id = o.id,
			LATERAL (VALUES
				(jsonb_build_object('week', date_trunc('week', o.created_at AT TIME ZONE tz)::date, 'member', coalesce(o.owner_id, ''), 'books', -1, 'orders', 0)),
				(jsonb_build_object('week', date_trunc('week', n.created_at AT TIME ZONE tz)::date, 'member', coalesce(n.owner_id, ''), 'books', 1, 'orders', 0))
			) v(c)
			WHERE (o.created_at, o.owner_id) IS DISTINCT FROM (n.created_at, n.owner_id);
	END IF;
	IF members IS NOT NULL THEN PERFORM statistics_move_members(members); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "books_statistics_narrow_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_narrow"();--> statement-breakpoint
CREATE TRIGGER "books_statistics_narrow_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_narrow"();--> statement-breakpoint
CREATE TRIGGER "books_statistics_narrow_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_narrow"();--> statement-breakpoint
-- Gateway fees: a payment's by the moment it was paid, a payment task's (money with no payment,
-- D43) by the moment it was opened; payouts by the day paid, which has no zone. Each statement's
-- old values leave the sums and its new ones enter them.
CREATE FUNCTION "statistics_money_narrow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	tz text := (SELECT time_zone FROM statistics_zone);
BEGIN
	IF TG_TABLE_NAME = 'payments' THEN
		IF TG_OP = 'INSERT' THEN
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT date_trunc('week', r.paid_at AT TIME ZONE tz)::date, sum(coalesce(r.fee, 0)) FROM new_rows r WHERE r.paid_at IS NOT NULL GROUP BY 1;
		ELSIF TG_OP = 'DELETE' THEN
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT date_trunc('week', r.paid_at AT TIME ZONE tz)::date, -sum(coalesce(r.fee, 0)) FROM old_rows r WHERE r.paid_at IS NOT NULL GROUP BY 1;
		ELSE
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT week, sum(x) FROM old_rows o JOIN new_rows n ON n.id = o.id,
					LATERAL (
						SELECT date_trunc('week', o.paid_at AT TIME ZONE tz)::date, -coalesce(o.fee, 0) WHERE o.paid_at IS NOT NULL
						UNION ALL SELECT date_trunc('week', n.paid_at AT TIME ZONE tz)::date, coalesce(n.fee, 0) WHERE n.paid_at IS NOT NULL
					) v(week, x)
				WHERE (o.paid_at, o.fee) IS DISTINCT FROM (n.paid_at, n.fee)
				GROUP BY week HAVING sum(x) <> 0;
		END IF;
	ELSIF TG_TABLE_NAME = 'payment_tasks' THEN
		IF TG_OP = 'INSERT' THEN
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT date_trunc('week', r.created_at AT TIME ZONE tz)::date, sum(r.fee) FROM new_rows r WHERE r.payment_id IS NULL AND r.fee IS NOT NULL GROUP BY 1;
		ELSIF TG_OP = 'DELETE' THEN
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT date_trunc('week', r.created_at AT TIME ZONE tz)::date, -sum(r.fee) FROM old_rows r WHERE r.payment_id IS NULL AND r.fee IS NOT NULL GROUP BY 1;
		ELSE
			INSERT INTO statistics_sums (week, gateway_fees)
				SELECT week, sum(x) FROM old_rows o JOIN new_rows n ON n.id = o.id,
					LATERAL (
						SELECT date_trunc('week', o.created_at AT TIME ZONE tz)::date, -o.fee WHERE o.payment_id IS NULL AND o.fee IS NOT NULL
						UNION ALL SELECT date_trunc('week', n.created_at AT TIME ZONE tz)::date, n.fee WHERE n.payment_id IS NULL AND n.fee IS NOT NULL
					) v(week, x)
				WHERE (o.created_at, o.fee, o.payment_id) IS DISTINCT FROM (n.created_at, n.fee, n.payment_id)
				GROUP BY week HAVING sum(x) <> 0;
		END IF;
	ELSE
		IF TG_OP = 'INSERT' THEN
			INSERT INTO statistics_sums (week, owner_payouts)
				SELECT date_trunc('week', r.paid_on::timestamp)::date, sum(r.amount) FROM new_rows r WHERE true GROUP BY 1;
		ELSIF TG_OP = 'DELETE' THEN
			INSERT INTO statistics_sums (week, owner_payouts)
				SELECT date_trunc('week', r.paid_on::timestamp)::date, -sum(r.amount) FROM old_rows r WHERE true GROUP BY 1;
		ELSE
			INSERT INTO statistics_sums (week, owner_payouts)
				SELECT week, sum(x) FROM old_rows o JOIN new_rows n ON n.id = o.id,
					LATERAL (
						SELECT date_trunc('week', o.paid_on::timestamp)::date, -o.amount WHERE true
						UNION ALL SELECT date_trunc('week', n.paid_on::timestamp)::date, n.amount WHERE true
					) v(week, x)
				WHERE (o.paid_on, o.amount) IS DISTINCT FROM (n.paid_on, n.amount)
				GROUP BY week HAVING sum(x) <> 0;
		END IF;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_statistics_narrow_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payments_statistics_narrow_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payments_statistics_narrow_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_narrow_insert" AFTER INSERT ON "payment_tasks" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_narrow_update" AFTER UPDATE ON "payment_tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_narrow_delete" AFTER DELETE ON "payment_tasks" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_narrow_insert" AFTER INSERT ON "payouts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_narrow_update" AFTER UPDATE ON "payouts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_narrow_delete" AFTER DELETE ON "payouts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_money_narrow"();--> statement-breakpoint
-- The backfill: every order's narrow row and every week's members, in the default zone.
INSERT INTO "statistics_orders"
SELECT o.id,
	date_trunc('week', o.payment_confirmed_at AT TIME ZONE z.time_zone)::date,
	extract(epoch FROM (o.payment_confirmed_at - o.created_at))::double precision,
	o.status <> 'Cancelled', coalesce(o.total, o.subtotal), o.subtotal, o.owner_share,
	date_trunc('week', o.delivered_at AT TIME ZONE z.time_zone)::date,
	extract(epoch FROM (o.delivered_at - o.payment_confirmed_at))::double precision,
	coalesce(i.quantity, 0)::int,
	CASE WHEN o.status = 'Completed' THEN date_trunc('week', o.completed_at AT TIME ZONE z.time_zone)::date END,
	o.due_at IS NOT NULL,
	coalesce(o.due_at IS NOT NULL AND coalesce(e.started, o.completed_at) <= o.due_at, false)
FROM orders o CROSS JOIN statistics_zone z
LEFT JOIN (SELECT order_id, sum(quantity) AS quantity FROM order_items GROUP BY 1) i ON i.order_id = o.id
LEFT JOIN (
	SELECT order_id, min(created_at) AS started FROM order_events
	WHERE to_status = 'Returning in Progress' GROUP BY 1
) e ON e.order_id = o.id
-- In order of the week placed, as the triggers add them: a week's rows lie together in the table.
ORDER BY o.created_at;--> statement-breakpoint
INSERT INTO "statistics_members"
SELECT week, member, count(*) FILTER (WHERE is_order)::int, count(*) FILTER (WHERE NOT is_order)::int FROM (
	SELECT date_trunc('week', o.created_at AT TIME ZONE z.time_zone)::date AS week,
		coalesce(o.user_id, '') AS member, true AS is_order
	FROM orders o, statistics_zone z
	UNION ALL
	SELECT date_trunc('week', b.created_at AT TIME ZONE z.time_zone)::date, coalesce(b.owner_id, ''), false
	FROM books b, statistics_zone z
) m GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
ANALYZE "statistics_orders";--> statement-breakpoint
ANALYZE "statistics_members";--> statement-breakpoint
INSERT INTO "statistics_sums"
SELECT c.week, sum(c.placed), sum(c.listed), sum(c.active), sum(c.paid), sum(c.collected), sum(c.rent),
	sum(c.shares), sum(c.unshared), sum(c.handed), sum(c.borrowed), sum(c.completed), sum(c.returned), sum(c.on_time),
	sum(c.gateway_fees), sum(c.owner_payouts)
FROM (
	SELECT x.* FROM statistics_orders s, LATERAL statistics_order_sums(s, 1) x
	UNION ALL
	SELECT week, sum(orders)::int, sum(books)::int, (count(*) FILTER (WHERE member <> ''))::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
	FROM statistics_members GROUP BY week
	UNION ALL
	SELECT date_trunc('week', p.paid_at AT TIME ZONE z.time_zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		coalesce(p.fee, 0), 0
	FROM payments p, statistics_zone z WHERE p.paid_at IS NOT NULL
	UNION ALL
	SELECT date_trunc('week', t.created_at AT TIME ZONE z.time_zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, t.fee, 0
	FROM payment_tasks t, statistics_zone z WHERE t.payment_id IS NULL AND t.fee IS NOT NULL
	UNION ALL
	SELECT date_trunc('week', p.paid_on::timestamp)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p.amount
	FROM payouts p
) c GROUP BY c.week ORDER BY c.week;--> statement-breakpoint
ANALYZE "statistics_sums";

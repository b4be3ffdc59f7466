-- The admin's Statistics tab keeps each week's figures once computed (statistics_weeks), so a
-- read costs twelve rows, not the twelve weeks' orders (docs/performance.md, "The admin's
-- Statistics tab"). A week's figures depend only on rows dated inside it, so a kept week stays
-- exact until a row dated in it is written: statement triggers on every table a figure reads
-- append the moments (or payout days) of the rows they changed to statistics_stale, for every
-- writer (checkout, the status service, payments, payouts, deletions, SQL by hand). The log is
-- only appended to, so no writer waits on a shared row; a read of the statistics deletes the
-- logged weeks' rows and computes them again from the rows (statistics/service.ts). Rows are
-- kept per time zone and service fee: figures read with another operator zone or fee are
-- computed afresh.
CREATE TABLE "statistics_weeks" (
	"week" date NOT NULL,
	"time_zone" text NOT NULL,
	"service_fee_percent" numeric(6, 3) NOT NULL,
	"orders_placed" integer NOT NULL,
	"orders_completed" integer NOT NULL,
	"books_listed" integer NOT NULL,
	"books_borrowed" integer NOT NULL,
	"active_members" integer NOT NULL,
	"median_minutes_to_payment" integer,
	"median_minutes_to_handover" integer,
	"loans_returned" integer NOT NULL,
	"loans_returned_on_time" integer NOT NULL,
	"collected" numeric(14, 2) NOT NULL,
	"service_fees" numeric(14, 2) NOT NULL,
	"gateway_fees" numeric(14, 2) NOT NULL,
	"owner_payouts" numeric(14, 2) NOT NULL,
	CONSTRAINT "statistics_weeks_pk" PRIMARY KEY ("time_zone", "service_fee_percent", "week")
);--> statement-breakpoint
CREATE TABLE "statistics_stale" (
	"at" timestamp with time zone,
	"day" date
);--> statement-breakpoint
CREATE FUNCTION "statistics_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM new_rows r,
				LATERAL (VALUES (r.created_at), (r.payment_confirmed_at), (r.delivered_at), (r.completed_at)) v(x)
			WHERE x IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM old_rows r,
				LATERAL (VALUES (r.created_at), (r.payment_confirmed_at), (r.delivered_at), (r.completed_at)) v(x)
			WHERE x IS NOT NULL;
	ELSE
		-- Only a change of what a figure reads: a shipping note or a timer's column moves none.
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM old_rows o JOIN new_rows n ON n.id = o.id,
				LATERAL (VALUES (o.created_at), (o.payment_confirmed_at), (o.delivered_at), (o.completed_at),
					(n.created_at), (n.payment_confirmed_at), (n.delivered_at), (n.completed_at)) v(x)
			WHERE x IS NOT NULL
				AND (o.created_at, o.payment_confirmed_at, o.delivered_at, o.completed_at, o.status, o.subtotal,
					o.total, o.owner_share, o.due_at, o.user_id)
				IS DISTINCT FROM (n.created_at, n.payment_confirmed_at, n.delivered_at, n.completed_at, n.status,
					n.subtotal, n.total, n.owner_share, n.due_at, n.user_id);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_statistics_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_statistics_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_statistics_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_orders_changed"();--> statement-breakpoint
-- Items count as books borrowed in the week their order was handed over.
CREATE FUNCTION "statistics_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT o.delivered_at FROM orders o
			WHERE o.delivered_at IS NOT NULL AND o.id IN (SELECT order_id FROM new_rows);
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT o.delivered_at FROM orders o
			WHERE o.delivered_at IS NOT NULL AND o.id IN (SELECT order_id FROM old_rows);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_changed"();--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_changed"();--> statement-breakpoint
CREATE TRIGGER "order_items_statistics_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_items_changed"();--> statement-breakpoint
-- A return's start (its first Returning in Progress event) decides whether the loan completed in
-- that order's week came back on time.
CREATE FUNCTION "statistics_events_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT o.completed_at FROM orders o
			WHERE o.completed_at IS NOT NULL
				AND o.id IN (SELECT order_id FROM new_rows WHERE to_status = 'Returning in Progress');
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT o.completed_at FROM orders o
			WHERE o.completed_at IS NOT NULL
				AND o.id IN (SELECT order_id FROM old_rows WHERE to_status = 'Returning in Progress');
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_insert" AFTER INSERT ON "order_events" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_changed"();--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_update" AFTER UPDATE ON "order_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_changed"();--> statement-breakpoint
CREATE TRIGGER "order_events_statistics_delete" AFTER DELETE ON "order_events" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_events_changed"();--> statement-breakpoint
CREATE FUNCTION "statistics_books_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT created_at FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT created_at FROM old_rows;
	ELSE
		-- A book's state, price or text moves no figure; its listing moment and owner do.
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM old_rows o JOIN new_rows n ON n.id = o.id,
				LATERAL (VALUES (o.created_at), (n.created_at)) v(x)
			WHERE (o.created_at, o.owner_id) IS DISTINCT FROM (n.created_at, n.owner_id);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "books_statistics_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_changed"();--> statement-breakpoint
CREATE TRIGGER "books_statistics_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_changed"();--> statement-breakpoint
CREATE TRIGGER "books_statistics_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_books_changed"();--> statement-breakpoint
-- Gateway fees: a payment's by the moment it was paid; a payment task's (money with no payment,
-- D43) by the moment it was opened.
CREATE FUNCTION "statistics_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT paid_at FROM new_rows WHERE paid_at IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT paid_at FROM old_rows WHERE paid_at IS NOT NULL;
	ELSE
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM old_rows o JOIN new_rows n ON n.id = o.id,
				LATERAL (VALUES (o.paid_at), (n.paid_at)) v(x)
			WHERE x IS NOT NULL AND (o.paid_at, o.fee) IS DISTINCT FROM (n.paid_at, n.fee);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_statistics_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_statistics_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_statistics_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payments_changed"();--> statement-breakpoint
CREATE FUNCTION "statistics_payment_tasks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT created_at FROM new_rows WHERE fee IS NOT NULL;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO statistics_stale (at) SELECT DISTINCT created_at FROM old_rows WHERE fee IS NOT NULL;
	ELSE
		INSERT INTO statistics_stale (at)
			SELECT DISTINCT x FROM old_rows o JOIN new_rows n ON n.id = o.id,
				LATERAL (VALUES (o.created_at), (n.created_at)) v(x)
			WHERE (o.created_at, o.fee, o.payment_id) IS DISTINCT FROM (n.created_at, n.fee, n.payment_id);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_insert" AFTER INSERT ON "payment_tasks" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payment_tasks_changed"();--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_update" AFTER UPDATE ON "payment_tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payment_tasks_changed"();--> statement-breakpoint
CREATE TRIGGER "payment_tasks_statistics_delete" AFTER DELETE ON "payment_tasks" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payment_tasks_changed"();--> statement-breakpoint
-- Payouts count by the day paid, which has no time zone.
CREATE FUNCTION "statistics_payouts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO statistics_stale (day) SELECT DISTINCT paid_on FROM new_rows;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO statistics_stale (day) SELECT DISTINCT paid_on FROM old_rows;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_insert" AFTER INSERT ON "payouts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payouts_changed"();--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_update" AFTER UPDATE ON "payouts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payouts_changed"();--> statement-breakpoint
CREATE TRIGGER "payouts_statistics_delete" AFTER DELETE ON "payouts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "statistics_payouts_changed"();--> statement-breakpoint
-- The backfill: every week from the first dated row to the last, computed as the service computes
-- a week (statistics/service.ts), in the default operator zone and at the fee the last start
-- wrote (ledger_settings), else the default SERVICE_FEE_PERCENT. With another zone or fee
-- configured the first read drops these rows and computes its weeks from the rows.
INSERT INTO "statistics_weeks"
WITH s AS (
	SELECT 'Asia/Makassar'::text AS tz,
		coalesce((SELECT service_fee_percent FROM ledger_settings WHERE id = 1), 10)::numeric(6, 3) AS fee
),
placed AS (
	SELECT date_trunc('week', o.created_at AT TIME ZONE s.tz)::date AS week, count(*)::int AS n
	FROM orders o, s GROUP BY 1
),
paid AS (
	SELECT date_trunc('week', o.payment_confirmed_at AT TIME ZONE s.tz)::date AS week,
		round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (o.payment_confirmed_at - o.created_at))) / 60)::numeric)::int AS median,
		coalesce(sum(coalesce(o.total, o.subtotal)) FILTER (WHERE o.status <> 'Cancelled'), 0) AS collected,
		coalesce(sum(o.subtotal) FILTER (WHERE o.status <> 'Cancelled'), 0)
			- coalesce(sum(coalesce(o.owner_share, o.subtotal - round(o.subtotal * s.fee / 100))) FILTER (WHERE o.status <> 'Cancelled'), 0) AS service_fees
	FROM orders o, s WHERE o.payment_confirmed_at IS NOT NULL GROUP BY 1
),
handed AS (
	SELECT date_trunc('week', o.delivered_at AT TIME ZONE s.tz)::date AS week,
		round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (o.delivered_at - o.payment_confirmed_at))) / 60)::numeric)::int AS median
	FROM orders o, s WHERE o.delivered_at IS NOT NULL GROUP BY 1
),
borrowed AS (
	SELECT date_trunc('week', o.delivered_at AT TIME ZONE s.tz)::date AS week, sum(i.quantity)::int AS n
	FROM orders o JOIN order_items i ON i.order_id = o.id, s WHERE o.delivered_at IS NOT NULL GROUP BY 1
),
completed AS (
	SELECT date_trunc('week', o.completed_at AT TIME ZONE s.tz)::date AS week, count(*)::int AS n,
		count(o.due_at)::int AS returned,
		(count(*) FILTER (WHERE o.due_at IS NOT NULL AND coalesce((
			SELECT min(e.created_at) FROM order_events e
			WHERE e.order_id = o.id AND e.to_status = 'Returning in Progress'
		), o.completed_at) <= o.due_at))::int AS on_time
	FROM orders o, s WHERE o.completed_at IS NOT NULL AND o.status = 'Completed' GROUP BY 1
),
listed AS (
	SELECT date_trunc('week', b.created_at AT TIME ZONE s.tz)::date AS week, count(*)::int AS n
	FROM books b, s GROUP BY 1
),
active AS (
	SELECT week, count(DISTINCT member)::int AS n FROM (
		SELECT date_trunc('week', o.created_at AT TIME ZONE s.tz)::date AS week, o.user_id AS member
		FROM orders o, s WHERE o.user_id IS NOT NULL
		UNION ALL
		SELECT date_trunc('week', b.created_at AT TIME ZONE s.tz)::date, b.owner_id
		FROM books b, s WHERE b.owner_id IS NOT NULL
	) m GROUP BY week
),
fees AS (
	SELECT week, sum(fee) AS fees FROM (
		SELECT date_trunc('week', p.paid_at AT TIME ZONE s.tz)::date AS week, coalesce(p.fee, 0) AS fee
		FROM payments p, s WHERE p.paid_at IS NOT NULL
		UNION ALL
		SELECT date_trunc('week', t.created_at AT TIME ZONE s.tz)::date, t.fee
		FROM payment_tasks t, s WHERE t.payment_id IS NULL AND t.fee IS NOT NULL
	) f GROUP BY week
),
paid_out AS (
	SELECT date_trunc('week', p.paid_on::timestamp)::date AS week, sum(p.amount) AS amount
	FROM payouts p, s GROUP BY 1
),
dated AS (
	SELECT week FROM placed UNION ALL SELECT week FROM paid UNION ALL SELECT week FROM handed
	UNION ALL SELECT week FROM completed UNION ALL SELECT week FROM listed
	UNION ALL SELECT week FROM fees UNION ALL SELECT week FROM paid_out
),
weeks AS (
	SELECT generate_series(min(week), max(week), interval '7 days')::date AS week FROM dated
)
SELECT w.week, s.tz, s.fee,
	coalesce(placed.n, 0), coalesce(completed.n, 0), coalesce(listed.n, 0), coalesce(borrowed.n, 0),
	coalesce(active.n, 0), paid.median, handed.median, coalesce(completed.returned, 0),
	coalesce(completed.on_time, 0), coalesce(paid.collected, 0), coalesce(paid.service_fees, 0),
	coalesce(fees.fees, 0), coalesce(paid_out.amount, 0)
FROM weeks w CROSS JOIN s
LEFT JOIN placed ON placed.week = w.week
LEFT JOIN paid ON paid.week = w.week
LEFT JOIN handed ON handed.week = w.week
LEFT JOIN borrowed ON borrowed.week = w.week
LEFT JOIN completed ON completed.week = w.week
LEFT JOIN listed ON listed.week = w.week
LEFT JOIN active ON active.week = w.week
LEFT JOIN fees ON fees.week = w.week
LEFT JOIN paid_out ON paid_out.week = w.week
WHERE w.week IS NOT NULL;

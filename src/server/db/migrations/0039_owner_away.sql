-- D48: an owner's away dates, one period per owner. The days are the operator's (its time
-- zone); `starts_at` and `back_at` are their first moment and the first moment of the day after
-- `ends_on`, written with them, so a read asks only "is the clock between them" (the one clock,
-- passed in). A period whose `back_at` has passed reads as not away; no job deletes it.
CREATE TABLE "owner_away" (
	"owner_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	-- The period's own id, new with every change: its timers name it (timers' subjects are uuids).
	"period_id" uuid NOT NULL UNIQUE,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"back_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_away_order" CHECK ("starts_on" <= "ends_on" AND "starts_at" < "back_at")
);

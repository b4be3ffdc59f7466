-- D39's estimate asks each waiter's usual weeks: their duration with the most orders, the longer
-- on a tie (migration 0046). Read by the primary key, each of a queue's 1,000 waiters was a
-- bitmap scan and a sort of their rows, as a subplan per waiter whose estimated cost switched
-- JIT compilation on (122 ms at 100k, 638 ms at 1M; docs/performance.md, "Skewed growth"). In
-- that order, the answer is the first entry of the waiter's range: one index-only probe each.
CREATE INDEX "member_borrow_weeks_usual_idx" ON "member_borrow_weeks" USING btree ("user_id","orders" DESC,"weeks" DESC) WHERE "orders" > 0;

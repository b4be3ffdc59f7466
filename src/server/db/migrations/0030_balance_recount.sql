-- Counting every owner's balance again after a change of the service fee (migration 0022) ran as
-- one statement at start-up: on a million orders it passed the statement timeout and the server
-- stopped. The recount now goes in bounded batches of owners in the background, each its own
-- transaction (payments/balances-service.ts); `recount_after` is how far it got: the owner id
-- the last batch ended with ('' before the first), NULL when every balance is counted at
-- `service_fee_percent`. While it is not NULL the lists built on owner_balances say so instead
-- of showing a half-counted figure, and a restart goes on from there.
ALTER TABLE "ledger_settings" ADD COLUMN "recount_after" text;

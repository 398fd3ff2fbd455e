-- A reopened event stream replays a signed-in diner's going notices of the last two minutes
-- (recentGoingNotices) and the prune deletes those over a day old: both read created_at, which had
-- no index, so each read every notice of the day.
CREATE INDEX "going_notices_created_idx" ON "going_notices" USING btree ("created_at");

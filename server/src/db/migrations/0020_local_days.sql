ALTER TABLE "going_notices" DROP CONSTRAINT "going_notices_food_truck_id_food_trucks_id_fk";
--> statement-breakpoint
ALTER TABLE "insight_events" ADD COLUMN "rolled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "insight_events_unrolled_idx" ON "insight_events" USING btree ("food_truck_id","occurred_at") WHERE not "insight_events"."rolled";--> statement-breakpoint
-- Events the UTC rollup before this migration counted already: an existing truck's events before
-- the end of the last day it rolled up. What comes after is rolled up in each truck's own zone.
UPDATE "insight_events" SET "rolled" = true
WHERE "food_truck_id" IN (SELECT "id" FROM "food_trucks")
  AND "occurred_at" < (SELECT (max("day") + 1)::timestamp AT TIME ZONE 'UTC' FROM "insight_daily");

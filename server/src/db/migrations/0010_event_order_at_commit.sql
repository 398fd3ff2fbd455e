CREATE TABLE "truck_event_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"truck_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
-- Truck event ids must become visible in id order: a client resuming after id 8 must never miss a
-- 7 that commits later. Until now publishTruckEvent took the event-order advisory lock before its
-- insert and held it through the rest of its transaction and the commit, so event-publishing
-- transactions ran one at a time (the soak's write p99 of 0.3–0.8 s). Now the transaction queues its
-- event, and this deferred trigger, which runs inside COMMIT, takes the same lock (key 7240116,
-- server/src/db/advisory-locks.ts), draws the id, writes the event and NOTIFYs it: the lock is held
-- only from here to the end of the commit, which NOTIFY's own commit-order lock serialises anyway.
-- The channels are TRUCK_EVENTS_CHANNEL and TRUCK_RATINGS_CHANNEL (modules/trucks/truck-events.ts).
CREATE FUNCTION "truck_event_publish"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	event_id bigint;
BEGIN
	PERFORM pg_advisory_xact_lock(7240116);
	DELETE FROM "truck_event_queue" WHERE "id" = NEW."id";
	INSERT INTO "truck_events" ("type", "truck_id", "operator_id", "payload")
	VALUES (NEW."type", NEW."truck_id", NEW."operator_id", NEW."payload")
	RETURNING "id" INTO event_id;
	PERFORM pg_notify(CASE WHEN NEW."type" = 'rated' THEN 'truck_ratings' ELSE 'truck_events' END, event_id::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "truck_event_publish" AFTER INSERT ON "truck_event_queue"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "truck_event_publish"();

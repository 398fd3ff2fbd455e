-- The last heartbeat that kept an open truck open (issue 24, ADR 0100): a device fix at the truck's
-- position or the operator's "still here". Diners never see it; auto-close counts from the later of
-- it and last_updated, which now changes only with the position (or a close).
ALTER TABLE "food_trucks" ADD COLUMN "last_seen_at" timestamp with time zone;
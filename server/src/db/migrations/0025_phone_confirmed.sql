-- Texts go only to a confirmed number (ADR 0189): when a code texted to the account's phone showed
-- it to be the holder's. Accounts made before this had their texts already: they count as
-- confirmed from when they were made.
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "phone_confirmed_at" = "created_at" WHERE "phone" IS NOT NULL;--> statement-breakpoint
-- A number changed by any code path (an admin's edit, the SQL console) is not confirmed, unless the
-- same update confirms it (a code texted to the new number).
CREATE FUNCTION "users_phone_unconfirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.phone IS DISTINCT FROM OLD.phone AND NEW.phone_confirmed_at IS NOT DISTINCT FROM OLD.phone_confirmed_at THEN
		NEW.phone_confirmed_at := NULL;
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_phone_unconfirmed" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_phone_unconfirmed"();

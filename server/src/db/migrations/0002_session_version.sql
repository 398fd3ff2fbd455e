CREATE TABLE "event_stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A role change or a password change ends every session of that account, whichever code path
-- (or SQL console) made it: tokens carry session_version and the auth plugin refuses any other.
-- The NOTIFY (delivered at commit) tells every process to re-check that user's open event streams.
CREATE FUNCTION "users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.role IS DISTINCT FROM OLD.role OR NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
		NEW.session_version := OLD.session_version + 1;
	END IF;
	IF NEW.session_version IS DISTINCT FROM OLD.session_version THEN
		PERFORM pg_notify('user_sessions', NEW.id::text);
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_end_sessions" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_end_sessions"();--> statement-breakpoint
CREATE FUNCTION "users_deleted_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('user_sessions', OLD.id::text);
	RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_deleted_notify" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_deleted_notify"();

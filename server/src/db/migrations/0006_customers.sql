CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"food_truck_id" integer,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "truck_ratings" (
	"user_id" integer NOT NULL,
	"food_truck_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_ratings_user_id_food_truck_id_pk" PRIMARY KEY("user_id","food_truck_id"),
	CONSTRAINT "truck_ratings_stars_check" CHECK ("truck_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "truck_events" DROP CONSTRAINT "truck_events_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_ratings" ADD CONSTRAINT "truck_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_ratings" ADD CONSTRAINT "truck_ratings_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sms_outbox_user_truck_idx" ON "sms_outbox" USING btree ("user_id","food_truck_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "truck_ratings_truck_idx" ON "truck_ratings" USING btree ("food_truck_id");--> statement-breakpoint
ALTER TABLE "truck_events" ADD CONSTRAINT "truck_events_type_check" CHECK ("truck_events"."type" in ('opened', 'closed', 'moved', 'updated', 'removed', 'rated'));--> statement-breakpoint
-- The rating totals on food_trucks follow truck_ratings whichever code path (or cascade) changes
-- it: each statement adjusts the truck's row, which also serialises concurrent votes on one truck.
CREATE FUNCTION "truck_ratings_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "food_trucks" SET "rating_sum" = "rating_sum" - OLD.stars, "rating_count" = "rating_count" - 1
		WHERE "id" = OLD.food_truck_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "food_trucks" SET "rating_sum" = "rating_sum" + NEW.stars, "rating_count" = "rating_count" + 1
		WHERE "id" = NEW.food_truck_id;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "truck_ratings_totals" AFTER INSERT OR UPDATE OR DELETE ON "truck_ratings" FOR EACH ROW EXECUTE FUNCTION "truck_ratings_totals"();

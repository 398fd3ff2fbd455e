CREATE TABLE "going_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"food_truck_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"recipient_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "going_notices_kind_check" CHECK ("going_notices"."kind" in ('closed', 'moved', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "insight_daily" (
	"day" date NOT NULL,
	"food_truck_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "insight_daily_food_truck_id_day_kind_pk" PRIMARY KEY("food_truck_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "insight_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"food_truck_id" integer,
	"visitor" text,
	"cell_lat" integer,
	"cell_lng" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "truck_going" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"food_truck_id" integer NOT NULL,
	"stop_key" text NOT NULL,
	"stop_id" integer,
	"local_date" date,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insights_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "going_notices" ADD CONSTRAINT "going_notices_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_daily" ADD CONSTRAINT "insight_daily_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_going" ADD CONSTRAINT "truck_going_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_going" ADD CONSTRAINT "truck_going_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_events_truck_time_idx" ON "insight_events" USING btree ("food_truck_id","occurred_at");--> statement-breakpoint
CREATE INDEX "insight_events_time_idx" ON "insight_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "insight_events_search_idx" ON "insight_events" USING btree ("occurred_at","cell_lat","cell_lng") WHERE "insight_events"."kind" = 'search';--> statement-breakpoint
CREATE UNIQUE INDEX "truck_going_user_stop_unique" ON "truck_going" USING btree ("user_id","food_truck_id","stop_key");--> statement-breakpoint
CREATE INDEX "truck_going_truck_idx" ON "truck_going" USING btree ("food_truck_id","stop_key");
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "truck_schedule_exceptions" (
	"stop_id" integer NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "truck_schedule_exceptions_stop_id_date_pk" PRIMARY KEY("stop_id","date")
);
--> statement-breakpoint
CREATE TABLE "truck_schedule_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"food_truck_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weekday" smallint,
	"date" date,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_schedule_stops_kind_check" CHECK (("truck_schedule_stops"."kind" = 'weekly' and "truck_schedule_stops"."weekday" between 1 and 7 and "truck_schedule_stops"."date" is null) or ("truck_schedule_stops"."kind" = 'once' and "truck_schedule_stops"."date" is not null and "truck_schedule_stops"."weekday" is null)),
	CONSTRAINT "truck_schedule_stops_hours_check" CHECK ("truck_schedule_stops"."start_minute" >= 0 and "truck_schedule_stops"."end_minute" <= 1440 and "truck_schedule_stops"."start_minute" < "truck_schedule_stops"."end_minute"),
	CONSTRAINT "truck_schedule_stops_latitude_check" CHECK ("truck_schedule_stops"."latitude" between -90 and 90),
	CONSTRAINT "truck_schedule_stops_longitude_check" CHECK ("truck_schedule_stops"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "auto_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_schedule_exceptions" ADD CONSTRAINT "truck_schedule_exceptions_stop_id_truck_schedule_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."truck_schedule_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_schedule_stops" ADD CONSTRAINT "truck_schedule_stops_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truck_schedule_stops_truck_idx" ON "truck_schedule_stops" USING btree ("food_truck_id");
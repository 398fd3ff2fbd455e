CREATE TABLE "landmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landmarks_latitude_range" CHECK ("landmarks"."latitude" between -90 and 90),
	CONSTRAINT "landmarks_longitude_range" CHECK ("landmarks"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "landmarks_name_unique" ON "landmarks" USING btree (lower("name"));
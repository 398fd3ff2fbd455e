CREATE TABLE "data_import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"line" integer NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_import_skips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"source" text NOT NULL,
	"source_name" text NOT NULL,
	"licence" text NOT NULL,
	"time_zone" text NOT NULL,
	"format" text NOT NULL,
	"preset" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"bytes_read" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"retired" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "data_imports_status_check" CHECK ("data_imports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "truck_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"food_truck_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_claims_status_check" CHECK ("truck_claims"."status" in ('pending', 'approved', 'rejected', 'expired')),
	CONSTRAINT "truck_claims_method_check" CHECK ("truck_claims"."method" in ('sms', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "truck_listings" (
	"food_truck_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"food_words" text DEFAULT '' NOT NULL,
	"phone" text,
	"import_id" integer,
	"source_updated_at" timestamp with time zone,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "food_trucks" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "truck_event_queue" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "truck_events" ALTER COLUMN "operator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "listing" jsonb;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_import_rows" ADD CONSTRAINT "data_import_rows_import_id_data_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import_skips" ADD CONSTRAINT "data_import_skips_import_id_data_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_claims" ADD CONSTRAINT "truck_claims_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_claims" ADD CONSTRAINT "truck_claims_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_claims" ADD CONSTRAINT "truck_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_listings" ADD CONSTRAINT "truck_listings_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_listings" ADD CONSTRAINT "truck_listings_import_id_data_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_listings" ADD CONSTRAINT "truck_listings_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_import_rows_source_unique" ON "data_import_rows" USING btree ("import_id","source_id");--> statement-breakpoint
CREATE INDEX "data_import_skips_import_idx" ON "data_import_skips" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "data_imports_queued_idx" ON "data_imports" USING btree ("id") WHERE "data_imports"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "truck_claims_one_owner_unique" ON "truck_claims" USING btree ("food_truck_id") WHERE "truck_claims"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "truck_claims_pending_idx" ON "truck_claims" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_listings_source_unique" ON "truck_listings" USING btree ("source","source_id");--> statement-breakpoint
ALTER TABLE "food_trucks" ADD CONSTRAINT "food_trucks_listing_never_open_check" CHECK ("food_trucks"."operator_id" is not null or not "food_trucks"."is_open");
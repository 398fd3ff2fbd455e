CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"target_table" text NOT NULL,
	"target_id" integer,
	"old_values" text,
	"new_values" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer DEFAULT 2999 NOT NULL,
	"current_period_end" timestamp with time zone,
	"provider" text DEFAULT 'offline' NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_subscriptions_status_check" CHECK ("operator_subscriptions"."status" in ('active', 'paused', 'past_due', 'canceled')),
	CONSTRAINT "operator_subscriptions_amount_check" CHECK ("operator_subscriptions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'operator', 'admin')),
	CONSTRAINT "users_phone_required_check" CHECK ("users"."phone" is not null or "users"."role" = 'admin')
);
--> statement-breakpoint
CREATE TABLE "food_trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"cuisine" text NOT NULL,
	"operator_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"address" text,
	"is_open" boolean DEFAULT false NOT NULL,
	"phone" text,
	"image" text,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"menu_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_message" text DEFAULT '🚚 We''re now open for business! Come grab some delicious food!' NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "food_trucks_latitude_check" CHECK ("food_trucks"."latitude" between -90 and 90),
	CONSTRAINT "food_trucks_longitude_check" CHECK ("food_trucks"."longitude" between -180 and 180),
	CONSTRAINT "food_trucks_coordinates_pair_check" CHECK (("food_trucks"."latitude" is null) = ("food_trucks"."longitude" is null)),
	CONSTRAINT "food_trucks_open_needs_coordinates_check" CHECK (not "food_trucks"."is_open" or "food_trucks"."latitude" is not null)
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"food_truck_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"category" text,
	"available" boolean DEFAULT true NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_cents" > 0),
	CONSTRAINT "menu_items_category_check" CHECK ("menu_items"."category" is null or "menu_items"."category" in ('Appetizers', 'Main Dishes', 'Sides', 'Desserts', 'Beverages', 'Specials'))
);
--> statement-breakpoint
CREATE TABLE "truck_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"truck_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_events_type_check" CHECK ("truck_events"."type" in ('opened', 'closed', 'moved', 'updated', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"food_truck_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD CONSTRAINT "food_trucks_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_subscriptions_operator_unique" ON "operator_subscriptions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "food_trucks_operator_idx" ON "food_trucks" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "food_trucks_earth_idx" ON "food_trucks" USING gist (ll_to_earth("latitude", "longitude")) WHERE "food_trucks"."latitude" is not null and "food_trucks"."longitude" is not null;--> statement-breakpoint
CREATE INDEX "menu_items_truck_idx" ON "menu_items" USING btree ("food_truck_id");--> statement-breakpoint
CREATE INDEX "truck_events_created_idx" ON "truck_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_favorites_user_truck_unique" ON "user_favorites" USING btree ("user_id","food_truck_id");--> statement-breakpoint
CREATE INDEX "user_favorites_truck_idx" ON "user_favorites" USING btree ("food_truck_id");
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"food_truck_id" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"platform_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"note" text,
	"pickup_at" timestamp with time zone,
	"estimated_ready_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"payout_account_id" text,
	"payment_client_secret" text,
	"card_brand" text,
	"card_last4" text,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'received', 'preparing', 'ready', 'picked_up', 'refused', 'cancelled')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal_cents" > 0 and "orders"."total_cents" > 0 and "orders"."platform_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_order_settings" (
	"food_truck_id" integer PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone,
	"max_orders_per_15_min" integer,
	"prep_minutes" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_order_settings_max_check" CHECK ("truck_order_settings"."max_orders_per_15_min" is null or "truck_order_settings"."max_orders_per_15_min" between 1 and 500),
	CONSTRAINT "truck_order_settings_prep_check" CHECK ("truck_order_settings"."prep_minutes" between 1 and 240)
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "stock_left" integer;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "push_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_order_settings" ADD CONSTRAINT "truck_order_settings_food_truck_id_food_trucks_id_fk" FOREIGN KEY ("food_truck_id") REFERENCES "public"."food_trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_unique" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_unique" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_truck_created_idx" ON "orders" USING btree ("food_truck_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_stock_check" CHECK ("menu_items"."stock_left" is null or "menu_items"."stock_left" >= 0);
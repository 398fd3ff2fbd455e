ALTER TABLE "users" ADD COLUMN "dietary_needs" jsonb DEFAULT '{"diets":[],"avoid":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "features" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "food_trucks" ADD COLUMN "access_note" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "diets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "allergens" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "sold_out_until" timestamp with time zone;
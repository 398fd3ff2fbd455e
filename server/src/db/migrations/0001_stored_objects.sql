CREATE TABLE "stored_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_type" text,
	"size" integer,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "stored_objects_status_check" CHECK ("stored_objects"."status" in ('pending', 'uploading', 'ready')),
	CONSTRAINT "stored_objects_purpose_check" CHECK ("stored_objects"."purpose" in ('image', 'truck-image', 'banner', 'gallery', 'menu-document', 'menu-item-image')),
	CONSTRAINT "stored_objects_content_type_check" CHECK ("stored_objects"."content_type" is null or "stored_objects"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_objects_owner_idx" ON "stored_objects" USING btree ("owner_id");
CREATE TABLE "voice_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"content_type" text,
	"audio_base64" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_free_uses" (
	"key" text PRIMARY KEY NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" text,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_answers_created_idx" ON "voice_answers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "voice_sessions_updated_idx" ON "voice_sessions" USING btree ("updated_at");
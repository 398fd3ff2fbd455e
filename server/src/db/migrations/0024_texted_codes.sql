-- Texted codes, one table for every purpose (ADR 0188): a password reset (ADR 0187), and a new
-- phone number confirmed by a code texted to it. Each row keeps the number it was texted to. The
-- resets under way move across, so a code texted just before the upgrade still works.
CREATE TABLE "texted_codes" (
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texted_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose"),
	CONSTRAINT "texted_codes_purpose_check" CHECK ("texted_codes"."purpose" in ('password-reset', 'phone-change'))
);
--> statement-breakpoint
ALTER TABLE "texted_codes" ADD CONSTRAINT "texted_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texted_codes_phone_idx" ON "texted_codes" USING btree ("phone");--> statement-breakpoint
INSERT INTO "texted_codes" ("user_id", "purpose", "phone", "code_hash", "attempts", "expires_at", "created_at")
SELECT r."user_id", 'password-reset', u."phone", r."code_hash", r."attempts", r."expires_at", r."created_at"
FROM "password_resets" r JOIN "users" u ON u."id" = r."user_id" WHERE u."phone" IS NOT NULL;--> statement-breakpoint
DROP TABLE "password_resets" CASCADE;

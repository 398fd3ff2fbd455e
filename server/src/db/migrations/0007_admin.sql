-- Admin panel (issue 10): trigram search over accounts and truck names, JSON audit values.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "old_values" SET DATA TYPE jsonb USING "old_values"::jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "new_values" SET DATA TYPE jsonb USING "new_values"::jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_timestamp_idx" ON "audit_log" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower(coalesce("username", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "food_trucks_name_trgm_idx" ON "food_trucks" USING gin (lower("name") gin_trgm_ops);

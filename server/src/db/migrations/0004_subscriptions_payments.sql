CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"subscription_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"provider_invoice_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_status_check" CHECK ("subscription_payments"."status" in ('succeeded', 'failed')),
	CONSTRAINT "subscription_payments_kind_check" CHECK ("subscription_payments"."kind" in ('initial', 'renewal'))
);
--> statement-breakpoint
ALTER TABLE "operator_subscriptions" DROP CONSTRAINT "operator_subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD COLUMN "pending_client_secret" text;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_operator_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."operator_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_payments_operator_idx" ON "subscription_payments" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_invoice_status_unique" ON "subscription_payments" USING btree ("provider_invoice_id","status");--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_status_check" CHECK ("operator_subscriptions"."status" in ('active', 'paused', 'past_due', 'canceled', 'incomplete'));
CREATE TABLE "affiliate_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"entry_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" uuid,
	"product_key" text NOT NULL,
	"project_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"tax_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"subscription_id" text,
	"subscription_state" text,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"markers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affiliate_user_id" integer,
	"reseller_discount" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"provider_order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"discount_percent" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_key" ON "affiliate_ledger" USING btree ("entry_key");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_user_idx" ON "affiliate_ledger" USING btree ("affiliate_user_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_user_idx" ON "affiliate_referrals" USING btree ("affiliate_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_order_key" ON "orders" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_affiliate_idx" ON "orders" USING btree ("affiliate_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("provider","provider_order_id");
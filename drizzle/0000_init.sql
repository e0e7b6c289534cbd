CREATE TABLE "banned_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"bcp47" text NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL,
	"datepicker" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"u_id" integer DEFAULT 0 NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"email_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"work_lang" text DEFAULT 'en' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"skype" text DEFAULT '' NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"viber" text DEFAULT '' NOT NULL,
	"zalo" text DEFAULT '' NOT NULL,
	"fb_messenger" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"package" text NOT NULL,
	"tier" text DEFAULT '' NOT NULL,
	"months" smallint NOT NULL,
	"days" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"regular_cents" integer,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"best_deal" boolean DEFAULT false NOT NULL,
	"product_key" text NOT NULL,
	"link" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" uuid,
	"user_id" integer,
	"domain" text NOT NULL,
	"url" text NOT NULL,
	"tracking" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_subject_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"lang" text NOT NULL,
	"id" integer NOT NULL,
	"group" text DEFAULT 'common' NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "texts_lang_id_pk" PRIMARY KEY("lang","id")
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_analyses" ADD CONSTRAINT "page_analyses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_analyses_project_idx" ON "page_analyses" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_plans_key" ON "price_plans" USING btree ("product_key");--> statement-breakpoint
CREATE INDEX "projects_visitor_idx" ON "projects" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "projects_user_idx" ON "projects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "texts_group_idx" ON "texts" USING btree ("group","lang");
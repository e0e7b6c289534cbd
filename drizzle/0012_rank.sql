CREATE TABLE "rank_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"keyword_id" integer,
	"engine_id" integer,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"emailed_at" timestamp with time zone,
	"webhook_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"keyword_id" integer NOT NULL,
	"engine_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"position" smallint,
	"url" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"own_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"competitors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_volume" integer,
	"provider" text NOT NULL,
	"pages" smallint DEFAULT 0 NOT NULL,
	"pages_failed" smallint DEFAULT 0 NOT NULL,
	"provider_calls" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_competitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_engines" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"engine" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"location_code" integer,
	"location" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"target_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"check_hour" smallint DEFAULT 6 NOT NULL,
	"move_threshold" smallint DEFAULT 5 NOT NULL,
	"webhook_url" text,
	"webhook_secret" text
);
--> statement-breakpoint
ALTER TABLE "rank_alerts" ADD CONSTRAINT "rank_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_alerts" ADD CONSTRAINT "rank_alerts_keyword_id_rank_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."rank_keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_alerts" ADD CONSTRAINT "rank_alerts_engine_id_rank_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."rank_engines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_checks" ADD CONSTRAINT "rank_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_checks" ADD CONSTRAINT "rank_checks_keyword_id_rank_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."rank_keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_checks" ADD CONSTRAINT "rank_checks_engine_id_rank_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."rank_engines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_competitors" ADD CONSTRAINT "rank_competitors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_engines" ADD CONSTRAINT "rank_engines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_keywords" ADD CONSTRAINT "rank_keywords_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_settings" ADD CONSTRAINT "rank_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_alerts_unique" ON "rank_alerts" USING btree ("project_id","keyword_id","engine_id","day","kind");--> statement-breakpoint
CREATE INDEX "rank_alerts_project_idx" ON "rank_alerts" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_checks_unique" ON "rank_checks" USING btree ("keyword_id","engine_id","day");--> statement-breakpoint
CREATE INDEX "rank_checks_project_day_idx" ON "rank_checks" USING btree ("project_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_competitors_unique" ON "rank_competitors" USING btree ("project_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_engines_unique" ON "rank_engines" USING btree ("project_id","engine","country","language","location","device");--> statement-breakpoint
CREATE INDEX "rank_engines_project_idx" ON "rank_engines" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_keywords_unique" ON "rank_keywords" USING btree ("project_id","keyword");--> statement-breakpoint
CREATE INDEX "rank_keywords_project_idx" ON "rank_keywords" USING btree ("project_id");
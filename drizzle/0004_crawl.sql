CREATE TABLE "crawl_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"check" text NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"url" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"from_url_id" bigint NOT NULL,
	"to_url" text NOT NULL,
	"type" text NOT NULL,
	"anchor" text DEFAULT '' NOT NULL,
	"rel" text DEFAULT '' NOT NULL,
	"internal" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_page_metrics" (
	"crawl_id" integer NOT NULL,
	"url" text NOT NULL,
	"inlinks" integer NOT NULL,
	"outlinks" integer NOT NULL,
	"link_score" smallint NOT NULL,
	"indexable" boolean NOT NULL,
	CONSTRAINT "crawl_page_metrics_crawl_id_url_pk" PRIMARY KEY("crawl_id","url")
);
--> statement-breakpoint
CREATE TABLE "crawl_pages" (
	"url_id" bigint PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"url" text NOT NULL,
	"status_code" smallint,
	"error" text,
	"location" text,
	"content_type" text,
	"timings" jsonb,
	"bytes_wire" integer,
	"bytes_body" integer DEFAULT 0 NOT NULL,
	"headers" jsonb NOT NULL,
	"facts" jsonb,
	"findings" jsonb NOT NULL,
	"render" jsonb,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_resources" (
	"url_id" bigint PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"status_code" smallint,
	"error" text,
	"location" text,
	"content_type" text,
	"bytes" integer,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_schedules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_sitemap_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"url" text NOT NULL,
	"sitemap" text NOT NULL,
	"lastmod" text
);
--> statement-breakpoint
CREATE TABLE "crawl_urls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crawl_id" integer NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"depth" integer,
	"source" text NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crawls" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"visitor_id" uuid,
	"start_url" text NOT NULL,
	"settings" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text DEFAULT 'links' NOT NULL,
	"pages_claimed" integer DEFAULT 0 NOT NULL,
	"robots" jsonb,
	"sitemaps" jsonb,
	"health_score" smallint,
	"summary" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crawl_issues" ADD CONSTRAINT "crawl_issues_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_links" ADD CONSTRAINT "crawl_links_from_url_id_crawl_urls_id_fk" FOREIGN KEY ("from_url_id") REFERENCES "public"."crawl_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_page_metrics" ADD CONSTRAINT "crawl_page_metrics_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_url_id_crawl_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."crawl_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_resources" ADD CONSTRAINT "crawl_resources_url_id_crawl_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."crawl_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_schedules" ADD CONSTRAINT "crawl_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_sitemap_entries" ADD CONSTRAINT "crawl_sitemap_entries_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_urls" ADD CONSTRAINT "crawl_urls_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_issues_crawl_idx" ON "crawl_issues" USING btree ("crawl_id","check");--> statement-breakpoint
CREATE INDEX "crawl_issues_url_idx" ON "crawl_issues" USING btree ("crawl_id","url");--> statement-breakpoint
CREATE INDEX "crawl_links_from_idx" ON "crawl_links" USING btree ("crawl_id","from_url_id");--> statement-breakpoint
CREATE INDEX "crawl_links_to_idx" ON "crawl_links" USING btree ("crawl_id","to_url");--> statement-breakpoint
CREATE INDEX "crawl_pages_crawl_idx" ON "crawl_pages" USING btree ("crawl_id","url_id");--> statement-breakpoint
CREATE INDEX "crawl_resources_crawl_idx" ON "crawl_resources" USING btree ("crawl_id","url_id");--> statement-breakpoint
CREATE INDEX "crawl_sitemap_entries_idx" ON "crawl_sitemap_entries" USING btree ("crawl_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_urls_url_idx" ON "crawl_urls" USING btree ("crawl_id","url");--> statement-breakpoint
CREATE INDEX "crawl_urls_frontier_idx" ON "crawl_urls" USING btree ("crawl_id","status","depth","id");--> statement-breakpoint
CREATE INDEX "crawls_project_idx" ON "crawls" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "crawls_visitor_idx" ON "crawls" USING btree ("visitor_id","id");
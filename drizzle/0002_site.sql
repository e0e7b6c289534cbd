CREATE TABLE "manager_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"manager_name" text NOT NULL,
	"video_url" text NOT NULL,
	"video_type" text DEFAULT 'video/webm' NOT NULL,
	"captions_url" text NOT NULL,
	"captions_lang" text DEFAULT 'en' NOT NULL,
	"poster_url" text DEFAULT '' NOT NULL,
	"transcript" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_overview_hits" (
	"ip" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_overviews" (
	"host" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "manager_videos_slug" ON "manager_videos" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "seo_overview_hits_key" ON "seo_overview_hits" USING btree ("ip","hour");